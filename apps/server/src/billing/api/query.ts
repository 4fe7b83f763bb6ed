import { z } from "./openapi.ts";

/** A query parameter that may be given once or repeated (`?id=a&id=b`); always an array after parsing. */
export const oneOrMany = <T extends z.ZodType>(item: T) =>
  z.union([item, z.array(item)]).transform((value) => (Array.isArray(value) ? value : [value]) as z.output<T>[]);

/** A boolean query parameter as clients write it: `true` or `false`. */
export const queryBoolean = z.enum(["true", "false"]).transform((value) => value === "true");
