// The wire shapes (snake_case, as /v1 answers) of what the catalog screens read and write; only the
// keys the screens use are typed.

export type RecurringInterval = "day" | "week" | "month" | "year";

interface PriceBase {
  id: string;
  price_currency: string;
  is_archived: boolean;
  product_id: string;
}
export type ProductPrice =
  | (PriceBase & { amount_type: "fixed"; price_amount: number })
  | (PriceBase & { amount_type: "free" })
  | (PriceBase & { amount_type: "custom"; minimum_amount: number; maximum_amount: number | null; preset_amount: number | null })
  | (PriceBase & {
      amount_type: "metered_unit";
      unit_amount: string;
      cap_amount: number | null;
      meter_id: string;
      meter?: { id: string; name: string };
    })
  | (PriceBase & { amount_type: "seat_based" });

export interface AttachedCustomField {
  custom_field_id: string;
  custom_field: CustomField;
  order: number;
  required: boolean;
}

export interface Product {
  id: string;
  created_at: string;
  name: string;
  description: string | null;
  recurring_interval: RecurringInterval | null;
  recurring_interval_count: number | null;
  is_recurring: boolean;
  is_archived: boolean;
  prices: ProductPrice[];
  benefits: Benefit[];
  medias: FileRead[];
  attached_custom_fields: AttachedCustomField[];
}

export const BENEFIT_TYPES = ["custom", "license_keys", "downloadables", "meter_credit", "github_repository", "discord"] as const;
export type BenefitType = (typeof BENEFIT_TYPES)[number];
export const BENEFIT_TYPE_LABELS: Record<BenefitType, string> = {
  custom: "Custom",
  license_keys: "License keys",
  downloadables: "File downloads",
  meter_credit: "Meter credits",
  github_repository: "GitHub repository access",
  discord: "Discord role",
};

export interface Benefit {
  id: string;
  created_at: string;
  type: BenefitType;
  description: string;
  deletable: boolean;
  selectable: boolean;
  properties: Record<string, unknown>;
}

export const CUSTOM_FIELD_TYPES = ["text", "number", "date", "checkbox", "select"] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

export interface CustomField {
  id: string;
  created_at: string;
  type: CustomFieldType;
  slug: string;
  name: string;
  properties: Record<string, unknown> & {
    form_label?: string;
    form_help_text?: string;
    form_placeholder?: string;
    options?: { value: string; label: string }[];
  };
}

export interface FilterClause {
  property: string;
  operator: string;
  value: string | number | boolean;
}
export interface MeterFilter {
  conjunction: "and" | "or";
  clauses: (FilterClause | MeterFilter)[];
}
export type MeterAggregation = { func: "count" } | { func: "sum" | "max" | "min" | "avg" | "unique"; property: string };

export interface Meter {
  id: string;
  created_at: string;
  name: string;
  filter: MeterFilter;
  aggregation: MeterAggregation;
  archived_at?: string | null;
}

export interface FileRead {
  id: string;
  name: string;
  mime_type: string;
  size: number;
  size_readable: string;
  service: "product_media" | "downloadable" | "organization_avatar";
  is_uploaded: boolean;
  created_at: string;
  public_url?: string;
}
