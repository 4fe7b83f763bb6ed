import { dictionary } from "@zxcvbn-ts/language-common";
import { describe, expect, it } from "vitest";
import { isCommonPassword } from "./password-policy.ts";

const ranked = dictionary["passwords-common"];

describe("isCommonPassword", () => {
  it("recognises well-known passwords that pass the length rule", () => {
    // Their ranks in the list, so a shorter list or another list would show here.
    expect(ranked.indexOf("password1")).toBe(228);
    expect(ranked.indexOf("iloveyou1")).toBe(6576);
    expect(isCommonPassword("password1")).toBe(true);
    expect(isCommonPassword("iloveyou1")).toBe(true);
    expect(isCommonPassword("qwertyuiop")).toBe(true);
  });

  it("ignores letter case", () => {
    expect(isCommonPassword("PASSWORD1")).toBe(true);
    expect(isCommonPassword("ILoveYou1")).toBe(true);
  });

  it("consults the 10,000 most common and no more", () => {
    const last = ranked[9_999] as string;
    const next = ranked[10_000] as string;
    expect(isCommonPassword(last)).toBe(true);
    expect(ranked.slice(0, 10_000)).not.toContain(next);
    expect(isCommonPassword(next)).toBe(false);
  });

  it("lets uncommon passwords through", () => {
    expect(isCommonPassword("correct horse battery")).toBe(false);
    expect(isCommonPassword("password1!x7")).toBe(false);
    expect(isCommonPassword("")).toBe(false);
  });
});
