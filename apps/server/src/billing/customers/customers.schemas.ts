import { metadataInput, metadataOutput } from "../api/metadata.ts";
import { z } from "../api/openapi.ts";
import { listQuery, listResponse } from "../api/pagination.ts";
import { oneOrMany, queryBoolean } from "../api/query.ts";
import { sortingParam } from "../api/sorting.ts";

// `Intl` knows every ISO 3166-1 region; these codes are regions it also names but are not countries.
const NOT_COUNTRIES = new Set(["EU", "EZ", "UN", "QO", "ZZ", "XA", "XB"]);
const regionNames = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });
export const isCountryCode = (code: string): boolean =>
  /^[A-Z]{2}$/.test(code) && !NOT_COUNTRIES.has(code) && regionNames.of(code) !== undefined;

const CountryCode = z.string().refine(isCountryCode, { message: "Input should be a valid ISO 3166-1 alpha-2 country code." });

export const AddressInput = z
  .object({
    line1: z.string().max(255).nullish(),
    line2: z.string().max(255).nullish(),
    postal_code: z.string().max(64).nullish(),
    city: z.string().max(255).nullish(),
    state: z.string().max(255).nullish(),
    country: CountryCode,
  })
  .openapi("AddressInput");

export const Address = z
  .object({
    line1: z.string().nullable(),
    line2: z.string().nullable(),
    postal_code: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    country: z.string(),
  })
  .openapi("Address");

export type AddressOut = z.infer<typeof Address>;

export const CustomerType = z.enum(["individual", "team"]).openapi("CustomerType");

const Email = z.email().max(320);
const Name = z.string().max(256);
const ExternalId = z.string().min(1).max(256);
const TaxId = z.string().min(1).max(64);
const Locale = z.string().max(35);

export const CustomerCreate = z
  .object({
    metadata: metadataInput.optional(),
    external_id: ExternalId.nullish(),
    name: Name.nullish(),
    billing_address: AddressInput.nullish(),
    tax_id: TaxId.nullish(),
    locale: Locale.nullish(),
    organization_id: z.string().nullish(),
    /** Team owners belong to customer seats; accepted for compatibility, not stored here. */
    owner: z.object({ email: z.string(), name: z.string().nullish(), external_id: z.string().nullish() }).nullish(),
    type: CustomerType.default("individual"),
    email: Email.nullish(),
  })
  .openapi("CustomerCreate");

export const CustomerUpdate = z
  .object({
    metadata: metadataInput.optional(),
    email: Email.nullish(),
    name: Name.nullish(),
    billing_address: AddressInput.nullish(),
    tax_id: TaxId.nullish(),
    locale: Locale.nullish(),
    external_id: ExternalId.nullish(),
    type: CustomerType.nullish(),
  })
  .openapi("CustomerUpdate");

export const CustomerUpdateExternalID = CustomerUpdate.omit({ external_id: true, type: true }).openapi("CustomerUpdateExternalID");

export type CustomerCreateInput = z.infer<typeof CustomerCreate>;
export type CustomerUpdateInput = z.infer<typeof CustomerUpdate>;

const timestamp = z.string().openapi({ format: "date-time" });

const customerFields = {
  id: z.string().openapi({ format: "uuid" }),
  created_at: timestamp,
  modified_at: timestamp.nullable(),
  metadata: metadataOutput,
  external_id: z.string().nullable(),
  email: z.string().nullable(),
  email_verified: z.boolean(),
  type: CustomerType,
  name: z.string().nullable(),
  billing_name: z.string().nullable(),
  billing_address: Address.nullable(),
  tax_id: z.tuple([z.string(), z.string()]).nullable().openapi({ description: '[value, format], e.g. ["FR61954506077", "eu_vat"].' }),
  locale: z.string().nullable(),
  organization_id: z.string(),
  default_payment_method_id: z.string().nullable(),
  deleted_at: timestamp.nullable(),
  first_user_event_at: timestamp.nullable(),
  avatar_url: z.string(),
};

export const Customer = z.object(customerFields).openapi("Customer");
export type CustomerOut = z.infer<typeof Customer>;

/**
 * The customer plus what they hold right now. The lists stay empty until subscriptions, benefit
 * grants and meters exist; their item shapes are owned by those domains.
 */
export const CustomerState = z
  .object({
    ...customerFields,
    active_subscriptions: z.array(z.record(z.string(), z.unknown())),
    granted_benefits: z.array(z.record(z.string(), z.unknown())),
    active_meters: z.array(z.record(z.string(), z.unknown())),
  })
  .openapi("CustomerState");
export type CustomerStateOut = z.infer<typeof CustomerState>;

export const ListCustomers = listResponse(Customer, "ListResource_Customer_");

const CUSTOMER_SORT_KEYS = ["created_at", "email", "name"] as const;

export const ListCustomersQuery = z.object({
  organization_id: oneOrMany(z.string()).optional(),
  email: z.string().optional().openapi({ description: "Exact email, case-insensitive." }),
  query: z.string().optional().openapi({ description: "Part of the name, email or external ID." }),
  ...listQuery,
  sorting: sortingParam(CUSTOMER_SORT_KEYS, "-created_at"),
});
export type ListCustomersInput = z.infer<typeof ListCustomersQuery>;

export const ExternalIdParam = z.object({ external_id: z.string().openapi({ param: { name: "external_id", in: "path" } }) });

export const DeleteQuery = z.object({
  anonymize: queryBoolean
    .default(false)
    .openapi({ description: "Also erase the customer's personal data (email, name, address, tax ID)." }),
});
