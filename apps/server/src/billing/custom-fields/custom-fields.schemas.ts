import { metadataInput, metadataOutput } from "../api/metadata.ts";
import { z } from "../api/openapi.ts";
import { listQuery, listResponse } from "../api/pagination.ts";
import { oneOrMany } from "../api/query.ts";
import { sortingParam } from "../api/sorting.ts";

export const CUSTOM_FIELD_TYPES = ["text", "number", "date", "checkbox", "select"] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];
const CustomFieldTypeSchema = z.enum(CUSTOM_FIELD_TYPES).openapi("CustomFieldType");

const int32 = z.number().int().min(-2147483648).max(2147483647);
const nonNegativeInt32 = int32.min(0);

// Every properties key is optional on the wire (SDK 0.47 refuses null for them): absent stays absent.
const formProperties = {
  form_label: z.string().min(1).optional(),
  form_help_text: z.string().min(1).optional(),
  form_placeholder: z.string().min(1).optional(),
};

const bounded = <T extends z.ZodObject>(schema: T, low: string, high: string) =>
  schema.superRefine((value, ctx) => {
    const record = value as Record<string, unknown>;
    const min = record[low];
    const max = record[high];
    if (typeof min === "number" && typeof max === "number" && min > max) {
      ctx.addIssue({ code: "custom", path: [high], message: `${high} must be greater than or equal to ${low}.` });
    }
  });

export const CustomFieldTextProperties = bounded(
  z.object({
    ...formProperties,
    textarea: z.boolean().optional(),
    min_length: nonNegativeInt32.optional(),
    max_length: nonNegativeInt32.optional(),
  }),
  "min_length",
  "max_length",
).openapi("CustomFieldTextProperties");
export const CustomFieldNumberProperties = bounded(
  z.object({ ...formProperties, ge: int32.optional(), le: int32.optional() }),
  "ge",
  "le",
).openapi("CustomFieldNumberProperties");
/** `ge` and `le` are Unix timestamps in seconds, as Polar takes them. */
export const CustomFieldDateProperties = bounded(
  z.object({ ...formProperties, ge: int32.optional(), le: int32.optional() }),
  "ge",
  "le",
).openapi("CustomFieldDateProperties");
export const CustomFieldCheckboxProperties = z.object(formProperties).openapi("CustomFieldCheckboxProperties");
const SelectOption = z.object({ value: z.string().min(1), label: z.string().min(1) }).openapi("CustomFieldSelectOption");
export const CustomFieldSelectProperties = z
  .object({ ...formProperties, options: z.array(SelectOption).min(1) })
  .superRefine((value, ctx) => {
    const seen = new Set<string>();
    for (const [index, option] of value.options.entries()) {
      if (seen.has(option.value))
        ctx.addIssue({ code: "custom", path: ["options", index, "value"], message: "Option values must be unique." });
      seen.add(option.value);
    }
  })
  .openapi("CustomFieldSelectProperties");

const PROPERTIES = {
  text: CustomFieldTextProperties,
  number: CustomFieldNumberProperties,
  date: CustomFieldDateProperties,
  checkbox: CustomFieldCheckboxProperties,
  select: CustomFieldSelectProperties,
} as const;

// ---- the custom field as answered ----

const fieldBase = {
  created_at: z.string().openapi({ format: "date-time" }),
  modified_at: z.string().nullable().openapi({ format: "date-time" }),
  id: z.string().openapi({ format: "uuid" }),
  metadata: metadataOutput,
  slug: z.string(),
  name: z.string(),
  organization_id: z.string(),
};

const names = { text: "Text", number: "Number", date: "Date", checkbox: "Checkbox", select: "Select" } as const;
const outOf = <T extends CustomFieldType>(type: T) =>
  z.object({ ...fieldBase, type: z.literal(type), properties: PROPERTIES[type] }).openapi(`CustomField${names[type]}`);

export const CustomField = z
  .discriminatedUnion("type", [outOf("text"), outOf("number"), outOf("date"), outOf("checkbox"), outOf("select")])
  .openapi("CustomField");
export type CustomFieldOut = z.infer<typeof CustomField>;

// ---- create and update bodies ----

const slug = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[a-z0-9-_]+$/, "Only lowercase letters, digits, hyphens and underscores are allowed.");
const name = z.string().trim().min(1).max(100);

const createOf = <T extends CustomFieldType>(type: T) =>
  z
    .object({
      type: z.literal(type),
      slug,
      name,
      metadata: metadataInput.optional(),
      organization_id: z.string().nullish(),
      properties: PROPERTIES[type],
    })
    .openapi(`CustomFieldCreate${names[type]}`);

export const CustomFieldCreate = z
  .discriminatedUnion("type", [createOf("text"), createOf("number"), createOf("date"), createOf("checkbox"), createOf("select")])
  .openapi("CustomFieldCreate");
export type CustomFieldCreateIn = z.infer<typeof CustomFieldCreate>;

const updateOf = <T extends CustomFieldType>(type: T) =>
  z
    .object({
      type: z.literal(type),
      slug: slug.nullish(),
      name: name.nullish(),
      metadata: metadataInput.optional(),
      properties: PROPERTIES[type].nullish(),
    })
    .openapi(`CustomFieldUpdate${names[type]}`);

export const CustomFieldUpdate = z
  .discriminatedUnion("type", [updateOf("text"), updateOf("number"), updateOf("date"), updateOf("checkbox"), updateOf("select")])
  .openapi("CustomFieldUpdate");
export type CustomFieldUpdateIn = z.infer<typeof CustomFieldUpdate>;

// ---- lists ----

export const ListCustomFields = listResponse(CustomField, "ListResource_CustomField_");

export const CUSTOM_FIELD_SORT_KEYS = ["created_at", "slug", "name", "type"] as const;

const typeFilter = oneOrMany(CustomFieldTypeSchema).optional();

export const ListCustomFieldsQuery = z.object({
  organization_id: oneOrMany(z.string()).optional(),
  query: z.string().optional(),
  /** SDK 0.47 sends `type_filter`; the 2026-04 API calls it `type`. */
  type_filter: typeFilter,
  type: typeFilter,
  ...listQuery,
  sorting: sortingParam(CUSTOM_FIELD_SORT_KEYS, "slug"),
});
export type ListCustomFieldsQueryIn = z.infer<typeof ListCustomFieldsQuery>;
