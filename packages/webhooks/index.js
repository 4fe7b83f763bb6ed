// Plain JavaScript with a hand-written index.d.ts, so an application can import this from
// node_modules without a TypeScript build step (Node does not strip types inside node_modules).
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

const SECRET_PREFIX = "whsec_";
const DEFAULT_TOLERANCE_SECONDS = 300;

export class WebhookVerificationError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = "WebhookVerificationError";
  }
}

/**
 * The two HMAC keys one secret stands for. Standard Webhooks libraries base64-decode the part after
 * `whsec_`; `@polar-sh/sdk` 0.47 (and the better-auth plugin built on it) key with the UTF-8 bytes of
 * the whole string, prefix included. Gatehouse signs with both, so either kind of client verifies.
 * @param {string} secret
 * @returns {{ standard: Buffer, wholeString: Buffer }}
 */
function keysOf(secret) {
  if (typeof secret !== "string" || secret.length === 0) throw new TypeError("A webhook secret is required");
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  return { standard: Buffer.from(encoded, "base64"), wholeString: Buffer.from(secret, "utf8") };
}

/**
 * @param {Buffer} key
 * @param {string} id
 * @param {number} timestampSeconds
 * @param {Uint8Array} body
 */
function signatureOf(key, id, timestampSeconds, body) {
  return createHmac("sha256", key).update(`${id}.${timestampSeconds}.`).update(body).digest("base64");
}

/** @param {string | Uint8Array} payload */
function bytesOf(payload) {
  if (typeof payload === "string") return Buffer.from(payload, "utf8");
  if (payload instanceof Uint8Array) return payload;
  throw new TypeError("The webhook payload must be the raw body, as a string or a Buffer");
}

/** @param {Date | number} timestamp */
function secondsOf(timestamp) {
  const seconds = timestamp instanceof Date ? Math.floor(timestamp.getTime() / 1000) : timestamp;
  if (!Number.isSafeInteger(seconds) || seconds < 0)
    throw new TypeError("The webhook timestamp must be a Date or whole seconds since the epoch");
  return seconds;
}

/**
 * @param {import("./index.d.ts").WebhookHeadersInput} headers
 * @param {string} name lower case
 * @returns {string | string[] | undefined | null}
 */
function rawHeader(headers, name) {
  if (typeof headers.get === "function") return /** @type {Headers} */ (headers).get(name);
  const record = /** @type {Record<string, string | string[] | undefined>} */ (headers);
  if (name in record) return record[name];
  // Plain objects built by hand may keep the sender's capitalisation.
  const key = Object.keys(record).find((candidate) => candidate.toLowerCase() === name);
  return key === undefined ? undefined : record[key];
}

/**
 * @param {import("./index.d.ts").WebhookHeadersInput} headers
 * @param {string} name
 */
function singleHeader(headers, name) {
  const value = rawHeader(headers, name);
  if (!Array.isArray(value)) return value ?? undefined;
  if (value.length > 1) throw new WebhookVerificationError("Invalid Signature Headers");
  return value[0];
}

/**
 * Each `v1,<base64>` entry of a signature header. Entries are space-separated; a header that a proxy
 * or `Headers.get` joined with ", " leaves a trailing comma, which base64 never contains.
 * @param {string | string[]} header
 */
function offeredSignatures(header) {
  const entries = (Array.isArray(header) ? header.join(" ") : header).split(/\s+/);
  const signatures = [];
  for (const entry of entries) {
    const comma = entry.indexOf(",");
    if (comma < 0 || entry.slice(0, comma) !== "v1") continue;
    const signature = entry.slice(comma + 1).replace(/,$/, "");
    if (signature) signatures.push(Buffer.from(signature, "utf8"));
  }
  return signatures;
}

/**
 * Checks a webhook's Standard Webhooks headers against its raw body and returns the parsed JSON.
 * @param {string | Uint8Array} payload
 * @param {import("./index.d.ts").WebhookHeadersInput} headers
 * @param {string} secret
 * @param {import("./index.d.ts").VerifyWebhookOptions} [options]
 */
export function verifyWebhook(payload, headers, secret, options = {}) {
  const keys = keysOf(secret);
  const body = bytesOf(payload);
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  if (!Number.isFinite(tolerance) || tolerance < 0) throw new TypeError("toleranceSeconds must be a non-negative number");

  const id = singleHeader(headers, "webhook-id");
  const timestampHeader = singleHeader(headers, "webhook-timestamp");
  const signatureHeader = rawHeader(headers, "webhook-signature");
  if (!id || !timestampHeader || !signatureHeader || signatureHeader.length === 0) {
    throw new WebhookVerificationError("Missing required headers");
  }

  if (!/^\d{1,15}$/.test(timestampHeader.trim())) throw new WebhookVerificationError("Invalid Signature Headers");
  const timestamp = Number(timestampHeader.trim());
  const now = Math.floor((options.now?.() ?? new Date()).getTime() / 1000);
  // Exactly `tolerance` seconds off still passes, as in the Standard Webhooks libraries.
  if (now - timestamp > tolerance) throw new WebhookVerificationError("Message timestamp too old");
  if (timestamp - now > tolerance) throw new WebhookVerificationError("Message timestamp too new");

  const expected = [keys.standard, keys.wholeString]
    .filter((key) => key.length > 0)
    .map((key) => Buffer.from(signatureOf(key, id, timestamp, body), "utf8"));
  let matched = false;
  for (const offered of offeredSignatures(signatureHeader)) {
    for (const candidate of expected) {
      if (offered.length === candidate.length && timingSafeEqual(offered, candidate)) matched = true;
    }
  }
  if (!matched) throw new WebhookVerificationError("No matching signature found");

  const text = Buffer.from(body).toString("utf8");
  return text === "" ? undefined : JSON.parse(text);
}

/**
 * The `webhook-signature` header value: for each secret, one signature per key derivation.
 * @param {import("./index.d.ts").SignWebhookInput} input
 */
export function signWebhook({ id, timestamp, payload, secrets }) {
  if (typeof id !== "string" || id.length === 0) throw new TypeError("A webhook id is required");
  if (!Array.isArray(secrets) || secrets.length === 0) throw new TypeError("At least one webhook secret is required");
  const seconds = secondsOf(timestamp);
  const body = bytesOf(payload);
  const signatures = [];
  for (const secret of secrets) {
    const keys = keysOf(secret);
    if (keys.standard.length === 0) throw new TypeError("A webhook secret must carry base64 key bytes after whsec_");
    signatures.push(`v1,${signatureOf(keys.standard, id, seconds, body)}`, `v1,${signatureOf(keys.wholeString, id, seconds, body)}`);
  }
  return signatures.join(" ");
}

/**
 * Everything a sender puts on the request besides the body.
 * @param {import("./index.d.ts").SignWebhookInput} input
 */
export function webhookHeaders(input) {
  return {
    "content-type": "application/json",
    "webhook-id": input.id,
    "webhook-timestamp": String(secondsOf(input.timestamp)),
    "webhook-signature": signWebhook(input),
  };
}

/** A new endpoint secret: `whsec_` and 32 random bytes in standard base64 (with `+`, `/`, `=`). */
export function generateWebhookSecret() {
  return `${SECRET_PREFIX}${randomBytes(32).toString("base64")}`;
}
