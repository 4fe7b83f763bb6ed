// The dashboard talks to the same Polar-compatible /v1 API that applications use, with the session
// cookie instead of a token; the server acts for the session's active organization.

/** A /v1 failure, with Polar's message: `detail` (string) or the first 422 issue's `msg`. */
export class BillingApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  /** For 422s: field name (last `loc` element) → message, ready for a Mantine form's setErrors. */
  readonly fieldErrors: Record<string, string>;
  constructor(status: number, body: unknown) {
    const detail = (body as { detail?: unknown } | null)?.detail;
    const issues = Array.isArray(detail) ? (detail as { loc?: (string | number)[]; msg?: string }[]) : [];
    const message = typeof detail === "string" ? detail : (issues[0]?.msg ?? `Request failed (${status})`);
    super(message);
    this.status = status;
    this.body = body;
    this.fieldErrors = Object.fromEntries(issues.map((issue) => [String(issue.loc?.at(-1) ?? ""), issue.msg ?? "Invalid value"]));
  }
}

export type BillingQuery = Record<string, string | number | boolean | undefined | null | (string | number)[]>;

function withQuery(path: string, query?: BillingQuery): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === "") continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** Calls /v1 (path as Polar writes it, e.g. "/v1/products/") and returns the parsed JSON, or throws BillingApiError. */
export async function billingApi<T>(
  path: string,
  options: { method?: "GET" | "POST" | "PATCH" | "DELETE"; body?: unknown; query?: BillingQuery } = {},
): Promise<T> {
  const response = await fetch(withQuery(path, options.query), {
    method: options.method ?? "GET",
    credentials: "same-origin",
    headers: options.body === undefined ? {} : { "content-type": "application/json" },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  if (response.status === 204) return undefined as T;
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new BillingApiError(response.status, body);
  return body as T;
}

/** Polar's list envelope. */
export interface ListResource<T> {
  items: T[];
  pagination: { total_count: number; max_page: number };
}

/**
 * For ConfirmActionModal: runs one /v1 call, then `after` (refresh, notify), and resolves to null;
 * resolves to the failure instead, so the dialog shows the server's refusal.
 */
export async function billingAction(call: () => Promise<unknown>, after: () => unknown): Promise<Error | null> {
  try {
    await call();
    await after();
    return null;
  } catch (failure) {
    return failure instanceof Error ? failure : new Error("Something went wrong. Please try again.");
  }
}

/** `billingAction` for a DELETE. */
export function deleteBillingObject(path: string, after: () => unknown): Promise<Error | null> {
  return billingAction(() => billingApi<undefined>(path, { method: "DELETE" }), after);
}
