/**
 * better-auth client calls resolve to `{ data, error }` instead of throwing; the
 * error carries the server's message (e.g. "Invalid email or password"), which is
 * what users should read, so we prefer it over generic HTTP status text.
 */
export interface AuthCallError {
  message?: string | undefined;
  status?: number | undefined;
  statusText?: string | undefined;
  code?: string | undefined;
}

export function errorMessage(error: AuthCallError | Error | null | undefined): string {
  if (!error) return "Something went wrong. Please try again.";
  if (error.message) return error.message;
  if ("statusText" in error && error.statusText) return error.statusText;
  return "Something went wrong. Please try again.";
}

/** Turns a `{ data, error }` result into a thrown Error so TanStack Query sees failures. */
export function unwrap<T>(result: { data: T | null; error: AuthCallError | null }): T {
  if (result.error) throw new AuthRequestError(result.error);
  return result.data as T;
}

export class AuthRequestError extends Error {
  readonly status: number | undefined;
  readonly code: string | undefined;
  constructor(error: AuthCallError) {
    super(errorMessage(error));
    this.name = "AuthRequestError";
    this.status = error.status;
    this.code = error.code;
  }
}
