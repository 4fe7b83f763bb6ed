import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { validateEvent } from "@polar-sh/sdk/webhooks";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll } from "vitest";

/** Whether one official library accepted a request, and if not, what it said. */
export type Verdict = { ok: true } | { ok: false; error: string };

export interface ReceivedWebhook {
  /** Real time of arrival. */
  at: Date;
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The body exactly as it arrived. */
  body: string;
  /** `new Webhook(secret).verify` from `standardwebhooks`. */
  standardWebhooks: Verdict;
  /** `validateEvent` from `@polar-sh/sdk/webhooks` 0.47: signature and the event's zod schema. */
  polarSdk: Verdict;
  /** The status the receiver answered with (set once the answer is sent). */
  answeredWith?: number;
}

export interface ReceiverAnswer {
  status?: number;
  /** Sent as the `Retry-After` header. */
  retryAfter?: string | number;
  /** Wait this long before answering (to trip the sender's timeout). */
  delayMs?: number;
  body?: string;
}

export interface WebhookReceiverOptions {
  /** The endpoint's secret, as the application would configure it; can be changed later. */
  secret?: string;
  /** The time the receiver believes it is, for tests that run Gatehouse on an injected clock. */
  clock?: () => Date;
}

/**
 * An application's webhook endpoint on a loopback port: it records every request and checks each
 * with both official verifiers, so a test can assert that both kinds of client accept a delivery.
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  secret: string | undefined;
  clock: (() => Date) | undefined;
  private standing: ReceiverAnswer = { status: 200 };
  private scripted: ReceiverAnswer[] = [];
  private readonly waiters = new Set<() => void>();
  private readonly server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", async () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const record: ReceivedWebhook = {
        at: new Date(),
        method: request.method ?? "",
        path: request.url ?? "",
        headers: request.headers,
        body,
        ...this.verdicts(body, request.headers),
      };
      this.received.push(record);
      for (const wake of this.waiters) wake();
      const answer = this.scripted.shift() ?? this.standing;
      if (answer.delayMs) await sleep(answer.delayMs);
      if (response.destroyed) return;
      const status = answer.status ?? 200;
      const headers: Record<string, string> = { "content-type": "text/plain" };
      if (answer.retryAfter !== undefined) headers["retry-after"] = String(answer.retryAfter);
      response.writeHead(status, headers).end(answer.body ?? (status < 300 ? "ok" : "failed"));
      record.answeredWith = status;
    });
  });
  url = "";

  constructor(options: WebhookReceiverOptions = {}) {
    this.secret = options.secret;
    this.clock = options.clock;
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/webhooks`;
    return this;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** How every call is answered from now on, once the script is used up (default 200). */
  answer(answer: ReceiverAnswer): void {
    this.standing = answer;
  }

  /** How the next calls are answered, one answer each, before falling back to `answer`. */
  script(...answers: ReceiverAnswer[]): void {
    this.scripted.push(...answers);
  }

  /** The next `count` calls fail (500 unless told otherwise). */
  failFirst(count: number, answer: ReceiverAnswer = { status: 500 }): void {
    this.script(...Array.from({ length: count }, () => answer));
  }

  /** Resolves once `count` requests in all have arrived; rejects after `timeoutMs`. */
  async waitFor(count: number, timeoutMs = 5_000): Promise<ReceivedWebhook[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.received.length < count) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`webhook receiver: expected ${count} requests within ${timeoutMs} ms, got ${this.received.length}`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          this.waiters.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, left);
        this.waiters.add(wake);
      });
    }
    return this.received.slice(0, count);
  }

  private verdicts(body: string, incoming: IncomingHttpHeaders): Pick<ReceivedWebhook, "standardWebhooks" | "polarSdk"> {
    const secret = this.secret;
    if (!secret)
      return { standardWebhooks: { ok: false, error: "no secret configured" }, polarSdk: { ok: false, error: "no secret configured" } };
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(incoming)) if (typeof value === "string") headers[name] = value;
    // Both libraries read Date.now() for the tolerance check; the swap is synchronous, so nothing else sees it.
    const realNow = Date.now;
    const fakeNow = this.clock?.().getTime();
    if (fakeNow !== undefined) Date.now = () => fakeNow;
    try {
      return {
        standardWebhooks: verdictOf(() => new Webhook(secret).verify(body, headers)),
        polarSdk: verdictOf(() => validateEvent(body, headers, secret)),
      };
    } finally {
      Date.now = realNow;
    }
  }
}

function verdictOf(check: () => unknown): Verdict {
  try {
    check();
    return { ok: true };
  } catch (error) {
    // The SDK's schema errors already carry the zod issues in their message.
    return { ok: false, error: (error as Error).message };
  }
}

/** A receiver started before the file's tests and closed after them. */
export function useWebhookReceiver(options: WebhookReceiverOptions = {}): WebhookReceiver {
  const receiver = new WebhookReceiver(options);
  beforeAll(() => receiver.start());
  afterAll(() => receiver.close());
  return receiver;
}
