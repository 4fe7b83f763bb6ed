/**
 * Sign and verify webhooks in the Standard Webhooks format (`webhook-id`, `webhook-timestamp`,
 * `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">`).
 */

/**
 * Raised when a webhook must be rejected. `message` is one of "Missing required headers",
 * "Invalid Signature Headers", "Message timestamp too old", "Message timestamp too new",
 * "No matching signature found".
 */
export declare class WebhookVerificationError extends Error {
  constructor(message: string);
}

/** Node's `req.headers`, a plain object (any capitalisation), or a Fetch `Headers`. */
export type WebhookHeadersInput = Record<string, string | string[] | undefined> | Headers;

export interface VerifyWebhookOptions {
  /** How far the timestamp may be from now, in either direction. Default 300; exactly this far still passes. */
  toleranceSeconds?: number;
  /** The clock; for tests. */
  now?: () => Date;
}

/**
 * Verifies a webhook and returns its parsed JSON body (`undefined` for an empty body).
 *
 * `payload` must be the raw body exactly as received, not JSON re-serialized. `secret` may carry
 * the `whsec_` prefix or not. A signature is accepted under either key derivation: the Standard
 * Webhooks one (base64-decoded part after `whsec_`) or the UTF-8 bytes of the whole secret string
 * (what `@polar-sh/sdk` 0.47's `validateEvent` uses). Any one matching `v1` entry in the header
 * passes; comparisons are constant-time.
 *
 * @throws {WebhookVerificationError} when the webhook must be rejected.
 * @throws {SyntaxError} when the signature is valid but the body is not JSON.
 */
export declare function verifyWebhook(
  payload: string | Uint8Array,
  headers: WebhookHeadersInput,
  secret: string,
  options?: VerifyWebhookOptions,
): unknown;

export interface SignWebhookInput {
  /** Stays the same across retries of one message, so receivers can drop duplicates. */
  id: string;
  /** When this attempt is sent: a Date or whole seconds since the epoch. */
  timestamp: Date | number;
  /** The exact bytes that will be sent as the body. */
  payload: string | Uint8Array;
  /** Every secret currently valid for the endpoint (several during a rotation's overlap window). */
  secrets: readonly string[];
}

/**
 * The `webhook-signature` header value: for each secret `v1,<standard> v1,<whole-string>`,
 * all space-separated, so Standard Webhooks libraries and `@polar-sh/sdk` 0.47 both verify it.
 */
export declare function signWebhook(input: SignWebhookInput): string;

/** The headers a sender adds to the request: the three Standard Webhooks headers and the content type. */
export declare function webhookHeaders(input: SignWebhookInput): {
  "content-type": "application/json";
  "webhook-id": string;
  "webhook-timestamp": string;
  "webhook-signature": string;
};

/** A new secret: `whsec_` followed by 32 random bytes in standard base64. */
export declare function generateWebhookSecret(): string;
