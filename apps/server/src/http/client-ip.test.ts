import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { loggablePath } from "../app.ts";
import { clientIp, proxyList } from "./client-ip.ts";

/** Requests made with app.request() come from 127.0.0.1 (no socket). */
async function resolve(trustedProxies: string[], forwardedFor?: string) {
  const app = new Hono().get("/", (c) => c.text(clientIp(c, trustedProxies)));
  const response = await app.request("/", { headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {} });
  return response.text();
}

describe("clientIp", () => {
  it("ignores X-Forwarded-For from a peer that is not a trusted proxy", async () => {
    expect(await resolve([], "6.6.6.6")).toBe("127.0.0.1");
    expect(await resolve(["10.0.0.1"], "6.6.6.6")).toBe("127.0.0.1");
  });

  it("takes the right-most hop that is not a trusted proxy", async () => {
    expect(await resolve(["127.0.0.1"], "6.6.6.6, 203.0.113.5")).toBe("203.0.113.5");
    expect(await resolve(["127.0.0.1", "10.0.0.0/8"], "6.6.6.6, 203.0.113.5, 10.1.2.3")).toBe("203.0.113.5");
  });

  it("stops at a hop it cannot read instead of believing what lies beyond it", async () => {
    expect(await resolve(["127.0.0.1"], "6.6.6.6, unknown")).toBe("127.0.0.1");
    expect(await resolve(["127.0.0.1"], "6.6.6.6, 203.0.113.5:4567")).toBe("127.0.0.1");
  });

  it("reads IPv4-mapped IPv6 addresses as IPv4", async () => {
    expect(await resolve(["127.0.0.1"], "::ffff:198.51.100.7")).toBe("198.51.100.7");
  });
});

describe("proxyList", () => {
  it("accepts addresses and CIDR ranges and refuses anything else", () => {
    expect(proxyList(["10.0.0.0/8", "::1", "192.168.1.10"]).check("10.200.0.1")).toBe(true);
    expect(() => proxyList(["10.0.0.0/8", "proxy.internal"])).toThrow('"proxy.internal" is not an IP address or CIDR range');
  });
});

describe("loggablePath", () => {
  it("redacts the reset token in the path and leaves other paths alone", () => {
    expect(loggablePath("/api/auth/reset-password/abcDEF123")).toBe("/api/auth/reset-password/[redacted]");
    expect(loggablePath("/api/auth/reset-password")).toBe("/api/auth/reset-password");
    expect(loggablePath("/api/auth/get-session")).toBe("/api/auth/get-session");
  });
});
