import type { ContentfulStatusCode } from "hono/utils/http-status";
import { AppError } from "../../shared/app-error.ts";

/** One entry of a 422 answer, as FastAPI (and so Polar) writes it. */
export interface ValidationIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
}

/**
 * A billing error that carries its own wire body: /v1 keeps Polar's shapes
 * (`{"error":"ResourceNotFound","detail":…}`, 422 `{"detail":[…]}`) instead of our `{code,message}`.
 */
export class PolarError extends AppError {
  readonly body: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(status: ContentfulStatusCode, body: Record<string, unknown>, headers: Record<string, string> = {}) {
    const code = typeof body.error === "string" ? body.error : "RequestValidationError";
    const message = typeof body.detail === "string" ? body.detail : code;
    super(code, status, message);
    this.name = "PolarError";
    this.body = body;
    this.headers = headers;
  }
}

// Polar answers token problems the OAuth way (RFC 6750), with a WWW-Authenticate header.
const bearer = (error: string, description: string, extra = "") =>
  `Bearer realm="gatehouse", error="${error}", error_description="${description}"${extra}`;

const INVALID_TOKEN = "The access token provided is expired, revoked, malformed, or invalid for other reasons.";
const INSUFFICIENT_SCOPE = "The request requires higher privileges than provided by the access token.";

export const polarErrors = {
  notFound: (detail = "Not found") => new PolarError(404, { error: "ResourceNotFound", detail }),
  unauthorized: (detail = "Not authenticated") =>
    new PolarError(401, { error: "Unauthorized", detail }, { "WWW-Authenticate": 'Bearer realm="gatehouse"' }),
  invalidToken: () =>
    new PolarError(
      401,
      { error: "invalid_token", error_description: INVALID_TOKEN },
      { "WWW-Authenticate": bearer("invalid_token", INVALID_TOKEN) },
    ),
  insufficientScope: (anyOf: readonly string[]) =>
    new PolarError(
      403,
      { error: "insufficient_scope", error_description: INSUFFICIENT_SCOPE },
      { "WWW-Authenticate": bearer("insufficient_scope", INSUFFICIENT_SCOPE, `, scope="${anyOf.join(" ")}"`) },
    ),
  notPermitted: (detail = "You don't have the permission to do this.") => new PolarError(403, { error: "NotPermitted", detail }),
  validation: (issues: ValidationIssue[]) => new PolarError(422, { detail: issues }),
  /** A single 422 issue: `invalid(["body", "code"], "This code is already used.")`. */
  invalid: (loc: (string | number)[], msg: string, type = "value_error") => polarErrors.validation([{ loc, msg, type }]),
  tooManyRequests: (retryAfterSeconds: number) =>
    new PolarError(
      429,
      { error: "TooManyRequests", detail: `Rate limit exceeded; retry in ${retryAfterSeconds} seconds.` },
      { "Retry-After": String(retryAfterSeconds) },
    ),
  payloadTooLarge: (limit: number) => new PolarError(413, { error: "PayloadTooLarge", detail: `Request body exceeds ${limit} bytes` }),
  internal: (errorId: string) => new PolarError(500, { error: "InternalServerError", detail: "Internal server error", error_id: errorId }),
};
