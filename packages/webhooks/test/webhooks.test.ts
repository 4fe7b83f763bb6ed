import { readFileSync } from "node:fs";
import { generateWebhookSecret, signWebhook, verifyWebhook, WebhookVerificationError, webhookHeaders } from "@gatehouse/webhooks";
import { validateEvent } from "@polar-sh/sdk/webhooks";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";

const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
const SENT_AT = 1_795_000_000;
const at = (seconds: number) => () => new Date(seconds * 1000);
const organizationUpdated = readFileSync(new URL("./organization-updated.json", import.meta.url), "utf8");

function signed(payload = '{"type":"ping"}', secrets = [SECRET], timestamp = SENT_AT) {
  return { payload, headers: webhookHeaders({ id: "msg_1", timestamp, payload, secrets }) };
}

function rejection(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(WebhookVerificationError);
    return (error as Error).message;
  }
  throw new Error("the webhook was accepted");
}

describe("verifyWebhook", () => {
  it("returns the parsed body of a correctly signed webhook", () => {
    const { payload, headers } = signed('{"type":"ping","data":{"n":1}}');
    expect(verifyWebhook(payload, headers, SECRET, { now: at(SENT_AT) })).toEqual({ type: "ping", data: { n: 1 } });
    expect(verifyWebhook(Buffer.from(payload), new Headers(headers), SECRET, { now: at(SENT_AT) })).toEqual({
      type: "ping",
      data: { n: 1 },
    });
  });

  it("reads headers whatever their capitalisation", () => {
    const { payload, headers } = signed();
    const capitalised = {
      "Webhook-Id": headers["webhook-id"],
      "Webhook-Timestamp": headers["webhook-timestamp"],
      "Webhook-Signature": headers["webhook-signature"],
    };
    expect(verifyWebhook(payload, capitalised, SECRET, { now: at(SENT_AT) })).toEqual({ type: "ping" });
  });

  it.each(["webhook-id", "webhook-timestamp", "webhook-signature"])("rejects a webhook without %s", (name) => {
    const { payload, headers } = signed();
    const missing: Record<string, string | undefined> = { ...headers, [name]: undefined };
    const empty: Record<string, string> = { ...headers, [name]: "" };
    expect(rejection(() => verifyWebhook(payload, missing, SECRET, { now: at(SENT_AT) }))).toBe("Missing required headers");
    expect(rejection(() => verifyWebhook(payload, empty, SECRET, { now: at(SENT_AT) }))).toBe("Missing required headers");
  });

  it.each(["soon", "1795000000.5", "-1795000000"])("rejects the timestamp %j as invalid", (timestamp) => {
    const { payload, headers } = signed();
    expect(rejection(() => verifyWebhook(payload, { ...headers, "webhook-timestamp": timestamp }, SECRET, { now: at(SENT_AT) }))).toBe(
      "Invalid Signature Headers",
    );
  });

  it("accepts a timestamp exactly 300 seconds off and rejects one 301 seconds off, both ways", () => {
    const { payload, headers } = signed();
    expect(verifyWebhook(payload, headers, SECRET, { now: at(SENT_AT + 300) })).toEqual({ type: "ping" });
    expect(verifyWebhook(payload, headers, SECRET, { now: at(SENT_AT - 300) })).toEqual({ type: "ping" });
    expect(rejection(() => verifyWebhook(payload, headers, SECRET, { now: at(SENT_AT + 301) }))).toBe("Message timestamp too old");
    expect(rejection(() => verifyWebhook(payload, headers, SECRET, { now: at(SENT_AT - 301) }))).toBe("Message timestamp too new");
  });

  it("honours a custom tolerance", () => {
    const { payload, headers } = signed();
    expect(rejection(() => verifyWebhook(payload, headers, SECRET, { now: at(SENT_AT + 11), toleranceSeconds: 10 }))).toBe(
      "Message timestamp too old",
    );
    expect(verifyWebhook(payload, headers, SECRET, { now: at(SENT_AT + 3000), toleranceSeconds: 3600 })).toEqual({ type: "ping" });
  });

  it("rejects a tampered body, id or timestamp", () => {
    const { payload, headers } = signed('{"amount":100}');
    const options = { now: at(SENT_AT) };
    expect(rejection(() => verifyWebhook('{"amount":999}', headers, SECRET, options))).toBe("No matching signature found");
    expect(rejection(() => verifyWebhook(payload, { ...headers, "webhook-id": "msg_2" }, SECRET, options))).toBe(
      "No matching signature found",
    );
    expect(rejection(() => verifyWebhook(payload, { ...headers, "webhook-timestamp": String(SENT_AT + 1) }, SECRET, options))).toBe(
      "No matching signature found",
    );
  });

  it("rejects a webhook signed with another secret", () => {
    const { payload, headers } = signed();
    expect(rejection(() => verifyWebhook(payload, headers, generateWebhookSecret(), { now: at(SENT_AT) }))).toBe(
      "No matching signature found",
    );
  });

  it("accepts the secret with or without its whsec_ prefix", () => {
    const { payload, headers } = signed();
    expect(verifyWebhook(payload, headers, SECRET.slice("whsec_".length), { now: at(SENT_AT) })).toEqual({ type: "ping" });
  });

  it("passes when any one of several v1 signatures matches, and ignores other versions", () => {
    const { payload, headers } = signed();
    const [standard, wholeString] = headers["webhook-signature"].split(" ");
    const forged = "v1,AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=";
    const options = { now: at(SENT_AT) };
    for (const valid of [standard, wholeString]) {
      expect(verifyWebhook(payload, { ...headers, "webhook-signature": `${forged} ${valid}` }, SECRET, options)).toEqual({ type: "ping" });
    }
    const otherVersion = `v2,${standard?.slice(3)}`;
    expect(rejection(() => verifyWebhook(payload, { ...headers, "webhook-signature": `${forged} ${otherVersion}` }, SECRET, options))).toBe(
      "No matching signature found",
    );
  });

  it("accepts signatures joined with ', ' by a proxy that merged repeated headers", () => {
    const { payload, headers } = signed();
    const [standard, wholeString] = headers["webhook-signature"].split(" ");
    const merged = { ...headers, "webhook-signature": `v1,AAAA, ${standard}` };
    expect(verifyWebhook(payload, merged, SECRET, { now: at(SENT_AT) })).toEqual({ type: "ping" });
    expect(
      verifyWebhook(payload, { ...headers, "webhook-signature": [`v1,AAAA`, `${wholeString}`] }, SECRET, { now: at(SENT_AT) }),
    ).toEqual({
      type: "ping",
    });
  });
});

describe("signWebhook", () => {
  it("signs once per key derivation for every secret of a rotation window", () => {
    const next = generateWebhookSecret();
    const { payload, headers } = signed('{"type":"ping"}', [SECRET, next]);
    expect(headers["webhook-signature"].split(" ")).toHaveLength(4);
    expect(verifyWebhook(payload, headers, SECRET, { now: at(SENT_AT) })).toEqual({ type: "ping" });
    expect(verifyWebhook(payload, headers, next, { now: at(SENT_AT) })).toEqual({ type: "ping" });
  });

  it("takes the timestamp as a Date or as seconds", () => {
    const fromDate = signWebhook({ id: "msg_1", timestamp: new Date(SENT_AT * 1000 + 999), payload: "{}", secrets: [SECRET] });
    expect(fromDate).toBe(signWebhook({ id: "msg_1", timestamp: SENT_AT, payload: "{}", secrets: [SECRET] }));
  });
});

describe("the official libraries", () => {
  const now = () => Math.floor(Date.now() / 1000);

  it("standardwebhooks accepts what signWebhook produces", () => {
    const secret = generateWebhookSecret();
    const { payload, headers } = signed('{"type":"ping"}', [secret], now());
    expect(new Webhook(secret).verify(payload, headers)).toEqual({ type: "ping" });
    expect(() => new Webhook(secret).verify('{"type":"pong"}', headers)).toThrow("No matching signature found");
  });

  it("@polar-sh/sdk 0.47 validateEvent accepts what signWebhook produces", () => {
    const secret = generateWebhookSecret();
    const { headers } = signed(organizationUpdated, [secret], now());
    const event = validateEvent(organizationUpdated, headers, secret);
    expect(event.type).toBe("organization.updated");
    expect(() => validateEvent(organizationUpdated.replace("Acme", "Evil"), headers, secret)).toThrow("No matching signature found");
  });

  it("verifyWebhook accepts what standardwebhooks signs", () => {
    const secret = generateWebhookSecret();
    const sentAt = new Date(SENT_AT * 1000);
    const signature = new Webhook(secret).sign("msg_9", sentAt, organizationUpdated);
    const headers = { "webhook-id": "msg_9", "webhook-timestamp": String(SENT_AT), "webhook-signature": signature };
    expect(verifyWebhook(organizationUpdated, headers, secret, { now: at(SENT_AT) })).toMatchObject({ type: "organization.updated" });
  });

  it("verifyWebhook accepts what a Polar 0.47 sender signs (UTF-8 bytes of the whole secret)", () => {
    const secret = generateWebhookSecret();
    const polarKey = Buffer.from(secret, "utf8").toString("base64");
    const signature = new Webhook(polarKey).sign("msg_9", new Date(SENT_AT * 1000), organizationUpdated);
    const headers = { "webhook-id": "msg_9", "webhook-timestamp": String(SENT_AT), "webhook-signature": signature };
    expect(verifyWebhook(organizationUpdated, headers, secret, { now: at(SENT_AT) })).toMatchObject({ type: "organization.updated" });
  });

  it("generated secrets use the full base64 alphabet and standardwebhooks accepts each of them", () => {
    const secrets = Array.from({ length: 200 }, generateWebhookSecret);
    const joined = secrets.join("");
    for (const character of ["+", "/", "="]) expect(joined).toContain(character);
    for (const secret of secrets) {
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      expect(() => new Webhook(secret)).not.toThrow();
    }
    expect(new Set(secrets).size).toBe(200);
  });
});
