import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { PolarError, polarErrors } from "../billing/api/polar-errors.ts";
import { AppError } from "../shared/app-error.ts";
import type { Ids } from "../shared/ids.ts";
import type { Logger } from "../shared/logger.ts";

const isBillingPath = (path: string) => path === "/v1" || path.startsWith("/v1/");

function polarResponse(error: PolarError, c: Context): Response {
  for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
  return c.json(error.body, error.status);
}

/** /v1 speaks Polar's error shapes, whatever layer the error came from. */
function asPolarError(error: Error): PolarError | undefined {
  if (error instanceof PolarError) return error;
  if (error instanceof AppError && error.status === 413) return new PolarError(413, { error: "PayloadTooLarge", detail: error.message });
  if (error instanceof HTTPException && error.status === 415)
    return new PolarError(415, { error: "UnsupportedMediaType", detail: "Send the body as application/json." });
  // Hono's validator refuses malformed JSON with a 400; FastAPI calls that a 422 json_invalid.
  if (error instanceof HTTPException && error.status === 400) return polarErrors.invalid(["body"], "JSON decode error", "json_invalid");
  if (error instanceof AppError && error.status < 500) return new PolarError(error.status, { error: error.code, detail: error.message });
  return undefined;
}

/**
 * The one place errors become responses. Known errors keep their status and message; anything else
 * is a 500 carrying only an error id, with the cause in the log under the same id.
 */
export function handleError(error: Error, c: Context, log: Logger, ids: Ids): Response {
  const billing = isBillingPath(c.req.path);
  if (billing) {
    const polar = asPolarError(error);
    if (polar) return polarResponse(polar, c);
  }
  if (error instanceof AppError) {
    return c.json({ code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) }, error.status);
  }
  if (error instanceof HTTPException && error.status < 500) {
    const code = error.status === 413 ? "PAYLOAD_TOO_LARGE" : "BAD_REQUEST";
    return c.json({ code, message: error.message || "Bad request" }, error.status);
  }
  const errorId = ids.next("err");
  log.error({ err: error, errorId, requestId: c.get("requestId"), path: c.req.path }, "unhandled error");
  if (billing) return polarResponse(polarErrors.internal(errorId), c);
  return c.json({ code: "INTERNAL_SERVER_ERROR", message: "Internal server error", errorId }, 500);
}
