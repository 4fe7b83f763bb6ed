import { isIP } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/**
 * The address rate limits and session records are keyed by. X-Forwarded-For is believed only when
 * the connection comes from a configured proxy; otherwise anyone could pick a fresh address per
 * request and never be limited.
 */
export function clientIp(c: Context, trustedProxies: string[]): string {
  let peer: string | undefined;
  try {
    peer = getConnInfo(c).remote.address;
  } catch {
    // app.request() in tests has no socket.
  }
  const socketAddress = normalize(peer) ?? "127.0.0.1";
  if (!trustedProxies.includes(socketAddress)) return socketAddress;
  const hops = (c.req.header("x-forwarded-for") ?? "").split(",").map((h) => normalize(h.trim()));
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i];
    if (hop && !trustedProxies.includes(hop)) return hop;
  }
  return socketAddress;
}

function normalize(address: string | undefined): string | undefined {
  if (!address) return undefined;
  const plain = address.startsWith("::ffff:") ? address.slice(7) : address;
  return isIP(plain) ? plain : undefined;
}
