import type { MeterAggregation, MeterFilter } from "../catalog.api";

/** "name eq api_call and metadata.tier eq pro", for lists and the meter's page. */
export function filterText(filter: MeterFilter): string {
  const parts = filter.clauses.map((clause) =>
    "clauses" in clause ? `(${filterText(clause)})` : `${clause.property} ${clause.operator} ${String(clause.value)}`,
  );
  return parts.join(` ${filter.conjunction} `) || "every event";
}

/** "sum(metadata.tokens)", or "count". */
export function aggregationText(aggregation: MeterAggregation): string {
  return "property" in aggregation ? `${aggregation.func}(${aggregation.property})` : "count";
}
