import { describe, expect, it } from "vitest";
import { applyUpdate, DEFAULT_SETTINGS, decodeSettings } from "./organizations.settings.ts";

describe("decodeSettings", () => {
  it("gives the defaults for a missing, invalid or non-object column", () => {
    expect(decodeSettings(null)).toEqual(DEFAULT_SETTINGS);
    expect(decodeSettings("{oops")).toEqual(DEFAULT_SETTINGS);
    expect(decodeSettings("[1,2]")).toEqual(DEFAULT_SETTINGS);
  });

  it("fills keys added since a group was stored and keeps the stored ones", () => {
    const settings = decodeSettings(JSON.stringify({ notification_settings: { new_order: false }, email: "a@b.test" }));
    expect(settings.notification_settings).toEqual({ ...DEFAULT_SETTINGS.notification_settings, new_order: false });
    expect(settings.email).toBe("a@b.test");
  });

  it("falls back to the default for a group that no longer validates, and only that group", () => {
    const settings = decodeSettings(JSON.stringify({ subscription_settings: { proration_behavior: 42 }, website: "https://a.test" }));
    expect(settings.subscription_settings).toEqual(DEFAULT_SETTINGS.subscription_settings);
    expect(settings.website).toBe("https://a.test");
  });
});

describe("applyUpdate", () => {
  it("treats null as unchanged and merges nested groups", () => {
    const current = { ...DEFAULT_SETTINGS, email: "a@b.test" };
    const next = applyUpdate(current, { email: null, customer_portal_settings: { subscription: { pause: true } } });
    expect(next.email).toBe("a@b.test");
    expect(next.customer_portal_settings.subscription).toEqual({ update_seats: true, update_plan: true, pause: true });
    expect(current.customer_portal_settings.subscription.pause).toBe(false);
  });

  it("turns dispute auto-accept off with an explicit null", () => {
    const on = applyUpdate(DEFAULT_SETTINGS, { dispute_settings: { auto_accept_below_amount: 500 } });
    expect(applyUpdate(on, { dispute_settings: { auto_accept_below_amount: null } }).dispute_settings.auto_accept_below_amount).toBeNull();
  });
});
