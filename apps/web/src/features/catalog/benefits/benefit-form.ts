import type { Benefit, BenefitType } from "../catalog.api";

// Every benefit type's fields in one flat form; `benefitProperties` picks the ones the type uses and
// shapes them as Polar's `properties` object.

export interface BenefitFormValues {
  type: BenefitType;
  description: string;
  note: string;
  prefix: string;
  expires: boolean;
  ttl: number | string;
  timeframe: "day" | "month" | "year";
  activations: boolean;
  activation_limit: number | string;
  enable_customer_admin: boolean;
  limit_usage: number | string;
  files: string[];
  meter_id: string;
  units: number | string;
  rollover: boolean;
  repository_owner: string;
  repository_name: string;
  permission: "pull" | "triage" | "push" | "maintain" | "admin";
  guild_token: string;
  role_id: string;
  kick_member: boolean;
}

const text = (value: unknown) => (typeof value === "string" ? value : "");
const num = (value: unknown) => (typeof value === "number" ? value : "");

export function benefitFormValues(benefit?: Benefit): BenefitFormValues {
  const p = benefit?.properties ?? {};
  const expires = (p.expires ?? null) as { ttl?: number; timeframe?: BenefitFormValues["timeframe"] } | null;
  const activations = (p.activations ?? null) as { limit?: number; enable_customer_admin?: boolean } | null;
  return {
    type: benefit?.type ?? "custom",
    description: benefit?.description ?? "",
    note: text(p.note),
    prefix: text(p.prefix),
    expires: expires !== null,
    ttl: expires?.ttl ?? 1,
    timeframe: expires?.timeframe ?? "year",
    activations: activations !== null,
    activation_limit: activations?.limit ?? 1,
    enable_customer_admin: activations?.enable_customer_admin ?? false,
    limit_usage: num(p.limit_usage),
    files: Array.isArray(p.files) ? (p.files as string[]) : [],
    meter_id: text(p.meter_id),
    units: num(p.units),
    rollover: p.rollover === true,
    repository_owner: text(p.repository_owner),
    repository_name: text(p.repository_name),
    permission: (text(p.permission) || "pull") as BenefitFormValues["permission"],
    guild_token: text(p.guild_token),
    role_id: text(p.role_id),
    kick_member: p.kick_member === true,
  };
}

const optionalNumber = (value: number | string) => (value === "" ? null : Number(value));

export function benefitProperties(values: BenefitFormValues): Record<string, unknown> {
  switch (values.type) {
    case "custom":
      return { note: values.note.trim() || null };
    case "license_keys":
      return {
        prefix: values.prefix.trim() || null,
        expires: values.expires ? { ttl: Number(values.ttl), timeframe: values.timeframe } : null,
        activations: values.activations
          ? { limit: Number(values.activation_limit), enable_customer_admin: values.enable_customer_admin }
          : null,
        limit_usage: optionalNumber(values.limit_usage),
      };
    case "downloadables":
      return { files: values.files };
    case "meter_credit":
      return { meter_id: values.meter_id, units: Number(values.units), rollover: values.rollover };
    case "github_repository":
      return {
        repository_owner: values.repository_owner.trim(),
        repository_name: values.repository_name.trim(),
        permission: values.permission,
      };
    case "discord":
      return { guild_token: values.guild_token.trim(), role_id: values.role_id.trim(), kick_member: values.kick_member };
  }
}

const required = (value: string, name: string) => (value.trim() ? null : `${name} is required`);

export function validateBenefit(values: BenefitFormValues): Record<string, string | null> {
  const t = values.type;
  return {
    description: values.description.trim().length < 3 ? "Description must be at least 3 characters" : null,
    files: t === "downloadables" && values.files.length === 0 ? "Choose at least one file" : null,
    meter_id: t === "meter_credit" ? required(values.meter_id, "Meter") : null,
    units: t === "meter_credit" && !(Number(values.units) > 0) ? "Units must be a positive number" : null,
    repository_owner: t === "github_repository" ? required(values.repository_owner, "Repository owner") : null,
    repository_name: t === "github_repository" ? required(values.repository_name, "Repository name") : null,
    guild_token: t === "discord" ? required(values.guild_token, "Guild token") : null,
    role_id: t === "discord" ? required(values.role_id, "Role ID") : null,
  };
}
