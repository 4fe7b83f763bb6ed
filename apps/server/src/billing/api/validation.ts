import type { Context } from "hono";
import type { z } from "zod";
import { polarErrors, type ValidationIssue } from "./polar-errors.ts";

/** Where a value came from, in FastAPI's words (Polar's 422 `loc` starts with it). */
const LOCATIONS: Record<string, string> = { json: "body", query: "query", param: "path", header: "header", form: "body" };

type ZodIssue = z.core.$ZodIssue;

const TYPE_NAMES: Record<string, string> = {
  string: "string_type",
  number: "int_type",
  int: "int_type",
  boolean: "bool_type",
  array: "list_type",
  object: "model_type",
};

/** Pydantic's error type for a zod issue, close enough for clients that branch on it. */
function issueType(issue: ZodIssue, missing: boolean): string {
  switch (issue.code) {
    case "invalid_type":
      return missing ? "missing" : (TYPE_NAMES[issue.expected] ?? "type_error");
    case "too_small":
      return issue.origin === "string" ? "string_too_short" : issue.origin === "array" ? "too_short" : "greater_than_equal";
    case "too_big":
      return issue.origin === "string" ? "string_too_long" : issue.origin === "array" ? "too_long" : "less_than_equal";
    case "invalid_value":
      return issue.values.length > 1 ? "enum" : "literal_error";
    case "unrecognized_keys":
      return "extra_forbidden";
    case "invalid_format":
      return issue.format === "uuid" ? "uuid_parsing" : issue.format === "url" ? "url_parsing" : "value_error";
    default:
      return "value_error";
  }
}

// zod does not hand the hook the input, but says "received undefined" when a value is missing.
const isMissing = (issue: ZodIssue) => issue.code === "invalid_type" && issue.message.endsWith("received undefined");

export function toValidationIssues(target: string, error: z.ZodError): ValidationIssue[] {
  const location = LOCATIONS[target] ?? target;
  return error.issues.map((issue) => {
    const path = issue.path.filter((key): key is string | number => typeof key !== "symbol");
    const missing = isMissing(issue);
    return { loc: [location, ...path], msg: missing ? "Field required" : issue.message, type: issueType(issue, missing) };
  });
}

/** The default hook of every /v1 router: a failed parse becomes Polar's 422 and nothing runs. */
export function validationHook(
  result: { success: true; target: string } | { success: false; error: z.ZodError; target: string },
  _c: Context,
): void {
  if (!result.success) throw polarErrors.validation(toValidationIssues(result.target, result.error));
}
