import type { OpenApiDocument, SchemaObject } from "./openapi.queries";

// Reading an OpenAPI 3.1 document for people: schema names instead of $ref paths, and one short
// type expression per property ("string | null", "Customer[]", "\"fixed\"").

export const refName = (ref: string) => ref.split("/").at(-1) ?? ref;

/** The named component a $ref points to, or the schema itself. */
export function resolve(document: OpenApiDocument, schema: SchemaObject | undefined): SchemaObject | undefined {
  if (!schema?.$ref) return schema;
  return document.components?.schemas?.[refName(schema.$ref)];
}

const isNull = (schema: SchemaObject) => schema.type === "null";

export function typeLabel(schema: SchemaObject | undefined): string {
  if (!schema) return "any";
  if (schema.$ref) return refName(schema.$ref);
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) {
    const values = schema.enum.map((value) => JSON.stringify(value));
    return values.length > 6 ? `${values.slice(0, 6).join(" | ")} | … (${values.length})` : values.join(" | ");
  }
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return union.map((member) => (isNull(member) ? "null" : typeLabel(member))).join(" | ");
  if (schema.allOf) return schema.allOf.map(typeLabel).join(" & ");
  if (Array.isArray(schema.type)) return schema.type.map((type) => (type === "array" ? `${typeLabel(schema.items)}[]` : type)).join(" | ");
  if (schema.type === "array")
    return schema.prefixItems ? `[${schema.prefixItems.map(typeLabel).join(", ")}]` : `${typeLabel(schema.items)}[]`;
  if (schema.type === "object" && !schema.properties && typeof schema.additionalProperties === "object")
    return `Record<string, ${typeLabel(schema.additionalProperties)}>`;
  const base = schema.type ?? "object";
  const withFormat = schema.format ? `${base} (${schema.format})` : base;
  return schema.nullable ? `${withFormat} | null` : withFormat;
}

/** The schemas a union is made of, without the `null` member; empty when it is not a union. */
export const unionMembers = (schema: SchemaObject): SchemaObject[] =>
  (schema.anyOf ?? schema.oneOf ?? []).filter((member) => !isNull(member));

/** Operations of the document grouped by their first tag, in path order. */
export interface OperationEntry {
  method: string;
  path: string;
  operation: import("./openapi.queries").OperationObject;
}

const METHODS = ["get", "post", "put", "patch", "delete"];

export function operationsByTag(document: OpenApiDocument): [string, OperationEntry[]][] {
  const groups = new Map<string, OperationEntry[]>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? "other";
      groups.set(tag, [...(groups.get(tag) ?? []), { method, path, operation }]);
    }
  }
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b));
}
