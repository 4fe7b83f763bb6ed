import type { ContentfulStatusCode } from "hono/utils/http-status";

/**
 * The one error type our own code throws. Each domain declares its catalogue of these; the HTTP
 * layer turns them into the wire shape of the API they belong to.
 */
export class AppError extends Error {
  readonly code: string;
  readonly status: ContentfulStatusCode;
  readonly details: unknown;

  constructor(code: string, status: ContentfulStatusCode, message: string, details?: unknown) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.status = status;
    this.details = details;
  }
}

export const commonErrors = {
  validation: (message: string, details?: unknown) => new AppError("VALIDATION_ERROR", 400, message, details),
  notFound: (message = "Not found") => new AppError("NOT_FOUND", 404, message),
  noSuchEndpoint: () => new AppError("NOT_FOUND", 404, "No such endpoint"),
  payloadTooLarge: (limit: number) => new AppError("PAYLOAD_TOO_LARGE", 413, `Request body exceeds ${limit} bytes`),
};
