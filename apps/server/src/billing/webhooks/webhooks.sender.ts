import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { performance } from "node:perf_hooks";
import { webhookHeaders } from "@gatehouse/webhooks";
import type { WebhookEndpointTable } from "../../db/schema.ts";
import { pinnedLookup, resolveWebhookHost } from "./webhooks.network.ts";

export const USER_AGENT = "Gatehouse-Webhooks";
/** Enough of an answer to see what went wrong in the delivery log, and no more to store. */
export const RESPONSE_EXCERPT_BYTES = 2048;
const SUMMARY_CHARS = 300;

export interface WebhookRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
}

export interface AttemptResult {
  /** null when no answer came (refused address, network error, timeout). */
  httpCode: number | null;
  /** The first bytes of the answer, or what went wrong when there was none. */
  response: string;
  durationMs: number;
  retryAfter?: string | undefined;
}

/**
 * What is sent for one event. `raw` endpoints get the stored envelope byte for byte (its
 * signature covers exactly those bytes); chat endpoints get a one-line summary in the field their
 * incoming-webhook API reads, since Discord and Slack reject anything else.
 */
export function webhookRequest(
  endpoint: Pick<WebhookEndpointTable, "url" | "format">,
  event: { id: string; payload: string },
  secrets: readonly string[],
  now: Date,
): WebhookRequest {
  const body = endpoint.format === "raw" ? event.payload : JSON.stringify(chatMessage(endpoint.format, event.payload));
  const signed = webhookHeaders({ id: event.id, timestamp: now, payload: body, secrets });
  return { url: endpoint.url, body, headers: { ...signed, "user-agent": USER_AGENT } };
}

function chatMessage(format: "discord" | "slack", payload: string): Record<string, string> {
  const summary = summarize(payload);
  return format === "discord" ? { content: summary } : { text: summary };
}

function summarize(payload: string): string {
  const envelope = JSON.parse(payload) as { type?: string; data?: Record<string, unknown> };
  const data = envelope.data ?? {};
  const label = [data.name, data.email, data.id].find((value) => typeof value === "string" && value.length > 0);
  const line = `Gatehouse: ${envelope.type ?? "event"}${label ? ` — ${String(label)}` : ""}`;
  return line.length > SUMMARY_CHARS ? `${line.slice(0, SUMMARY_CHARS - 1)}…` : line;
}

export interface SendOptions {
  /** For the whole exchange: DNS, connect, request and the part of the answer we read. */
  timeoutMs: number;
  allowPrivateNetworks: boolean;
}

/**
 * POSTs one webhook and reports what happened; never throws, since every outcome (refused
 * address, timeout, reset) is an attempt for the delivery log. Redirects are not followed: a 3xx
 * is a failed attempt, and no redirect can lead the request to an address that was not checked.
 */
export async function sendWebhook(request: WebhookRequest, options: SendOptions): Promise<AttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  const timedOut = new Promise<never>((_, reject) =>
    controller.signal.addEventListener("abort", () => reject(new Error(`timed out after ${options.timeoutMs} ms`)), { once: true }),
  );
  timedOut.catch(() => {});
  try {
    const url = new URL(request.url);
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error(`unsupported URL scheme ${url.protocol}`);
    const target = await Promise.race([resolveWebhookHost(url.hostname, options.allowPrivateNetworks), timedOut]);
    const answer = await Promise.race([exchange(url, request, pinnedLookup(target), controller.signal), timedOut]);
    return { ...answer, durationMs: elapsed() };
  } catch (error) {
    const message = controller.signal.aborted ? `timed out after ${options.timeoutMs} ms` : (error as Error).message;
    return { httpCode: null, response: message, durationMs: elapsed() };
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}

function exchange(
  url: URL,
  request: WebhookRequest,
  lookup: ReturnType<typeof pinnedLookup>,
  signal: AbortSignal,
): Promise<Omit<AttemptResult, "durationMs">> {
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  const body = Buffer.from(request.body, "utf8");
  return new Promise((resolve, reject) => {
    const outgoing = send(
      url,
      {
        method: "POST",
        headers: { ...request.headers, "content-length": String(body.length) },
        lookup,
        // A fresh connection per attempt: a pooled socket could outlive the address check.
        agent: false,
        signal,
      },
      (response) => readExcerpt(response).then(resolve, reject),
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

async function readExcerpt(response: IncomingMessage): Promise<Omit<AttemptResult, "durationMs">> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response) {
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).length;
    if (size >= RESPONSE_EXCERPT_BYTES) break;
  }
  // Leaving the loop early destroys the stream: a huge answer is not read to its end.
  const retryAfter = response.headers["retry-after"];
  return {
    httpCode: response.statusCode ?? null,
    response: Buffer.concat(chunks).subarray(0, RESPONSE_EXCERPT_BYTES).toString("utf8"),
    retryAfter: typeof retryAfter === "string" ? retryAfter : undefined,
  };
}
