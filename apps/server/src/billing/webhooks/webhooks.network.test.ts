import { describe, expect, it } from "vitest";
import { addressRange, isPublicAddress, PrivateAddressError, pinnedLookup, resolveWebhookHost } from "./webhooks.network.ts";

describe("webhook address check", () => {
  it("accepts ordinary public addresses", () => {
    for (const address of ["93.184.215.14", "8.8.8.8", "2606:4700:4700::1111", "2a00:1450:4001:82b::200e"]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it.each([
    ["127.0.0.1", "loopback"],
    ["10.1.2.3", "private"],
    ["172.16.0.1", "private"],
    ["192.168.1.1", "private"],
    ["169.254.169.254", "linkLocal"],
    ["100.64.0.1", "carrierGradeNat"],
    ["0.0.0.0", "unspecified"],
    ["224.0.0.1", "multicast"],
    ["255.255.255.255", "broadcast"],
    ["::1", "loopback"],
    ["::", "unspecified"],
    ["fe80::1", "linkLocal"],
    ["fd00::1", "uniqueLocal"],
    ["ff02::1", "multicast"],
    ["::ffff:10.0.0.1", "private"],
    ["::ffff:127.0.0.1", "loopback"],
  ])("refuses %s (%s)", (address, range) => {
    expect(addressRange(address)).toBe(range);
    expect(isPublicAddress(address)).toBe(false);
  });

  it("refuses addresses that embed another one and garbage", () => {
    for (const address of ["64:ff9b::a00:1", "2002:a00:1::1", "not-an-ip"]) expect(isPublicAddress(address), address).toBe(false);
  });

  it("refuses a private literal host unless private networks are allowed", async () => {
    await expect(resolveWebhookHost("127.0.0.1", false)).rejects.toBeInstanceOf(PrivateAddressError);
    await expect(resolveWebhookHost("[::1]", false)).rejects.toThrow("::1 is a loopback address");
    await expect(resolveWebhookHost("127.0.0.1", true)).resolves.toEqual({ address: "127.0.0.1", family: 4 });
  });

  it("refuses a name that resolves to a private address", async () => {
    await expect(resolveWebhookHost("localhost", false)).rejects.toThrow(/localhost resolves to .*loopback/);
  });

  it("connects only to the address that was checked", async () => {
    const lookup = pinnedLookup({ address: "93.184.215.14", family: 4 });
    const one = await new Promise((resolve) => lookup("evil.example", {}, (_e, address, family) => resolve({ address, family })));
    expect(one).toEqual({ address: "93.184.215.14", family: 4 });
    const all = await new Promise((resolve) => lookup("evil.example", { all: true }, (_e, addresses) => resolve(addresses)));
    expect(all).toEqual([{ address: "93.184.215.14", family: 4 }]);
  });
});
