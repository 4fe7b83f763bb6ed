import { BlockList, isIP } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/**
 * Parses TRUSTED_PROXIES entries (addresses or CIDR ranges). Throws on an entry that is neither, so
 * a typo is a start-up error rather than every client sharing the proxy's rate-limit bucket.
 */
export function proxyList(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = "", prefix] = entry.split("/");
    const family = isIP(address) === 6 ? "ipv6" : "ipv4";
    if (!isIP(address) || (prefix !== undefined && !/^\d{1,3}$/.test(prefix))) {
      throw new Error(`TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR range`);
    }
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return list;
}

const lists = new WeakMap<string[], BlockList>();
const trusted = (entries: string[], address: string) => {
  let list = lists.get(entries);
  if (!list) {
    list = proxyList(entries);
    lists.set(entries, list);
  }
  return list.check(address, isIP(address) === 6 ? "ipv6" : "ipv4");
};

/**
 * The address rate limits and session records are keyed by. X-Forwarded-For is believed only when
 * the connection comes from a configured proxy, and only up to the first hop we cannot read:
 * otherwise anyone could pick a fresh address per request and never be limited.
 */
export function clientIp(c: Context, trustedProxies: string[]): string {
  let peer: string | undefined;
  try {
    peer = getConnInfo(c).remote.address;
  } catch {
    // app.request() in tests has no socket.
  }
  const socketAddress = normalize(peer) ?? "127.0.0.1";
  if (!trustedProxies.length || !trusted(trustedProxies, socketAddress)) return socketAddress;
  const hops = (c.req.header("x-forwarded-for") ?? "").split(",").map((h) => h.trim());
  let client = socketAddress;
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = normalize(hops[i]);
    if (!hop) return client;
    client = hop;
    if (!trusted(trustedProxies, hop)) return hop;
  }
  return client;
}

export function isLoopback(address: string): boolean {
  return address === "::1" || address.startsWith("127.");
}

function normalize(address: string | undefined): string | undefined {
  if (!address) return undefined;
  const plain = address.startsWith("::ffff:") ? address.slice(7) : address;
  return isIP(plain) ? plain : undefined;
}
