import { describe, expect, it } from "vitest";
import { durationMs } from "./duration.ts";

const DAY = 86_400_000;

describe("durationMs", () => {
  it.each([
    ["P30D", 30 * DAY],
    ["P2W", 14 * DAY],
    ["PT12H", 12 * 3_600_000],
    ["PT90M", 90 * 60_000],
    ["PT1.5S", 1500],
    ["P1Y", 365 * DAY],
    ["P1M", 30 * DAY],
    ["P1DT1H", DAY + 3_600_000],
    ["3600", 3_600_000],
  ])("reads %s", (text, expected) => {
    expect(durationMs(text)).toBe(expected);
  });

  it.each(["", "P", "PT", "30 days", "P-1D", "1h"])("refuses %j", (text) => {
    expect(durationMs(text)).toBeUndefined();
  });
});
