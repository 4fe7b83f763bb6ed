import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { AppError } from "../shared/app-error.ts";
import type { Ids } from "../shared/ids.ts";
import type { Logger } from "../shared/logger.ts";

/**
 * The one place errors become responses. Known errors keep their status and message; anything else
 * is a 500 carrying only an error id, with the cause in the log under the same id.
 */
export function handleError(error: Error, c: Context, log: Logger, ids: Ids): Response {
  if (error instanceof AppError) {
    return c.json({ code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) }, error.status);
  }
  if (error instanceof HTTPException && error.status < 500) {
    const code = error.status === 413 ? "PAYLOAD_TOO_LARGE" : "BAD_REQUEST";
    return c.json({ code, message: error.message || "Bad request" }, error.status);
  }
  const errorId = ids.next("err");
  log.error({ err: error, errorId, requestId: c.get("requestId"), path: c.req.path }, "unhandled error");
  return c.json({ code: "INTERNAL_SERVER_ERROR", message: "Internal server error", errorId }, 500);
}
