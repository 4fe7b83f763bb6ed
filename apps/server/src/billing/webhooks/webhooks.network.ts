import { lookup as dnsLookup } from "node:dns/promises";
import { isIP, type LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";

/**
 * Which kind of address this is, in ipaddr.js's names ("unicast" for an ordinary public address;
 * "loopback", "private", "linkLocal", "uniqueLocal", "carrierGradeNat", "unspecified",
 * "multicast", "reserved", … otherwise). An IPv4 address written as IPv6 (::ffff:10.0.0.1) is
 * judged as the IPv4 address it is, so the mapped form cannot smuggle a private address through.
 */
export function addressRange(address: string): string {
  if (!ipaddr.isValid(address)) return "invalid";
  return ipaddr.process(address).range();
}

/**
 * Only ordinary public unicast addresses may receive webhooks. An allow-list rather than a
 * deny-list: ranges that embed other addresses (NAT64, 6to4, Teredo) or that are reserved are
 * refused too, since a merchant's endpoint never legitimately lives there.
 */
export const isPublicAddress = (address: string): boolean => addressRange(address) === "unicast";

export class PrivateAddressError extends Error {
  constructor(host: string, address: string, range: string) {
    super(
      host === address
        ? `${address} is a ${range} address; webhooks are only sent to public addresses`
        : `${host} resolves to ${address}, a ${range} address; webhooks are only sent to public addresses`,
    );
    this.name = "PrivateAddressError";
  }
}

export interface ResolvedTarget {
  address: string;
  family: 4 | 6;
}

/**
 * Resolves a URL's host and checks every address it has: a name that resolves to a public and a
 * private address at once is refused, since which one a connection would use is up to chance.
 * With `allowPrivateNetworks` nothing is refused (development, tests, trusted internal networks).
 */
export async function resolveWebhookHost(hostname: string, allowPrivateNetworks: boolean): Promise<ResolvedTarget> {
  const host = hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname;
  const literal = isIP(host);
  const addresses = literal ? [{ address: host, family: literal }] : await dnsLookup(host, { all: true, verbatim: true });
  if (addresses.length === 0) throw new Error(`${host} has no address`);
  if (!allowPrivateNetworks) {
    for (const { address } of addresses) {
      const range = addressRange(address);
      if (range !== "unicast") throw new PrivateAddressError(host, address, range);
    }
  }
  const first = addresses[0] as { address: string; family: number };
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

/**
 * A `lookup` for node:http/https that answers only the address checked beforehand. The
 * connection therefore goes where the check looked — a DNS answer that changes between the check
 * and the connect (DNS rebinding) cannot send it to an internal address.
 */
export function pinnedLookup(target: ResolvedTarget): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
}
