import { metadataInput, metadataOutput } from "../api/metadata.ts";
import { z } from "../api/openapi.ts";
import { listQuery, listResponse } from "../api/pagination.ts";
import { oneOrMany, queryBoolean } from "../api/query.ts";
import { sortingParam } from "../api/sorting.ts";

export const FILTER_OPERATORS = ["eq", "ne", "gt", "gte", "lt", "lte", "like", "not_like"] as const;
/** Nesting allowed in a meter filter: the root filter is level 1. */
export const MAX_FILTER_DEPTH = 3;

export const FilterClause = z
  .object({
    property: z.string().trim().min(1, "The property must not be empty.").max(255),
    operator: z.enum(FILTER_OPERATORS),
    // Polar (and SDK 0.47) type numbers here as 32-bit integers.
    value: z.union([z.string().max(1000), z.number().int().min(-2147483648).max(2147483647), z.boolean()]),
  })
  .openapi("FilterClause");

export type FilterClauseT = z.infer<typeof FilterClause>;
export interface FilterT {
  conjunction: "and" | "or";
  clauses: (FilterClauseT | FilterT)[];
}

const isFilterShape = (value: unknown) => typeof value === "object" && value !== null && "clauses" in value;

/**
 * A clause is either a leaf or a nested filter. A plain zod union would report both options'
 * failures at the clause itself; choosing by shape first gives a precise `loc` for the real mistake.
 */
const FilterItem = z
  .unknown()
  .transform((value, ctx): FilterClauseT | FilterT => {
    const parsed = (isFilterShape(value) ? FilterObject : FilterClause).safeParse(value);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, path: issue.path } as Parameters<typeof ctx.addIssue>[0]);
    return z.NEVER;
  })
  .openapi({ description: "A FilterClause or a nested Filter." });

const FilterObject: z.ZodType<FilterT> = z.object({
  conjunction: z.enum(["and", "or"]),
  clauses: z.array(FilterItem),
}) as unknown as z.ZodType<FilterT>;

function depthIssues(filter: FilterT, path: (string | number)[], depth: number): { path: (string | number)[]; message: string }[] {
  if (depth > MAX_FILTER_DEPTH) return [{ path, message: `Filters can be nested at most ${MAX_FILTER_DEPTH} levels deep.` }];
  return filter.clauses.flatMap((clause, index) =>
    "clauses" in clause ? depthIssues(clause, [...path, "clauses", index], depth + 1) : [],
  );
}

export const Filter = z
  .object({ conjunction: z.enum(["and", "or"]), clauses: z.array(FilterItem) })
  .superRefine((filter, ctx) => {
    for (const issue of depthIssues(filter as FilterT, [], 1)) ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
  })
  .openapi("Filter") as unknown as z.ZodType<FilterT>;

export const AGGREGATION_FUNCTIONS = ["count", "sum", "max", "min", "avg", "unique"] as const;

const CountAggregation = z.object({ func: z.literal("count") }).openapi("CountAggregation");
const PropertyAggregation = z
  .object({ func: z.enum(["sum", "max", "min", "avg"]), property: z.string().trim().min(1, "The property must not be empty.") })
  .openapi("PropertyAggregation");
const UniqueAggregation = z
  .object({ func: z.literal("unique"), property: z.string().trim().min(1, "The property must not be empty.") })
  .openapi("UniqueAggregation");

export const Aggregation = z.discriminatedUnion("func", [CountAggregation, PropertyAggregation, UniqueAggregation]);
export type AggregationT = z.infer<typeof Aggregation>;

export const METER_UNITS = ["scalar", "token", "custom"] as const;

export const Meter = z
  .object({
    metadata: metadataOutput,
    created_at: z.string().openapi({ format: "date-time" }),
    modified_at: z.string().nullable().openapi({ format: "date-time" }),
    id: z.string().openapi({ format: "uuid" }),
    name: z.string(),
    unit: z.enum(METER_UNITS),
    custom_label: z.string().nullable(),
    custom_multiplier: z.number().int().nullable(),
    filter: Filter,
    aggregation: Aggregation,
    organization_id: z.string(),
    archived_at: z.string().nullable().openapi({ format: "date-time" }),
  })
  .openapi("Meter");

export type MeterOut = z.infer<typeof Meter>;

export const MeterCreate = z
  .object({
    metadata: metadataInput.optional(),
    name: z.string().trim().min(3).max(255),
    unit: z.enum(METER_UNITS).default("scalar"),
    custom_label: z.string().max(255).nullish(),
    custom_multiplier: z.number().int().positive().nullish(),
    filter: Filter,
    aggregation: Aggregation,
    organization_id: z.string().nullish(),
  })
  .openapi("MeterCreate");

export const MeterUpdate = z
  .object({
    metadata: metadataInput.optional(),
    name: z.string().trim().min(3).max(255).nullish(),
    unit: z.enum(METER_UNITS).nullish(),
    custom_label: z.string().max(255).nullish(),
    custom_multiplier: z.number().int().positive().nullish(),
    filter: Filter.nullish(),
    aggregation: Aggregation.nullish(),
    is_archived: z.boolean().nullish(),
  })
  .openapi("MeterUpdate");

export type MeterCreateIn = z.infer<typeof MeterCreate>;
export type MeterUpdateIn = z.infer<typeof MeterUpdate>;

export const ListMeters = listResponse(Meter, "ListResource_Meter_");

export const METER_SORT_KEYS = ["created_at", "name"] as const;

export const ListMetersQuery = z.object({
  organization_id: oneOrMany(z.string()).optional(),
  query: z.string().optional().openapi({ description: "Filter by name." }),
  is_archived: queryBoolean.optional(),
  ...listQuery,
  sorting: sortingParam(METER_SORT_KEYS, "name"),
});

export const TIME_INTERVALS = ["hour", "day", "week", "month", "year"] as const;
export type TimeInterval = (typeof TIME_INTERVALS)[number];

const timestampParam = z
  .string()
  .refine((value) => !Number.isNaN(Date.parse(value)), "Input should be a valid datetime.")
  .openapi({ format: "date-time" });

export const MeterQuantitiesQuery = z.object({
  start_timestamp: timestampParam,
  end_timestamp: timestampParam,
  interval: z.enum(TIME_INTERVALS),
  timezone: z
    .string()
    .min(1)
    .default("UTC")
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat("en-US", { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, "Input should be a valid IANA time zone."),
  customer_id: oneOrMany(z.string()).optional(),
  external_customer_id: oneOrMany(z.string()).optional(),
  customer_aggregation_function: z.enum(AGGREGATION_FUNCTIONS).optional(),
});

export const MeterQuantities = z
  .object({
    quantities: z.array(
      z.object({ timestamp: z.string().openapi({ format: "date-time" }), quantity: z.number() }).openapi("MeterQuantity"),
    ),
    total: z.number(),
  })
  .openapi("MeterQuantities");
