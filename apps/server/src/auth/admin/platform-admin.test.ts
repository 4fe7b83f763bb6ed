import { describe, expect, it } from "vitest";
import { isPlatformAdmin } from "./platform-admin.ts";

const adminUserIds = ["configured-admin"];

describe("isPlatformAdmin", () => {
  it.each([
    ["the role admin", { id: "u1", role: "admin" }, true],
    ["admin in a role list", { id: "u2", role: "user, admin" }, true],
    ["a configured admin user id, whatever the role", { id: "configured-admin", role: "user" }, true],
    ["the role user", { id: "u3", role: "user" }, false],
    ["a role that only contains the word", { id: "u4", role: "administrator" }, false],
    ["no role", { id: "u5" }, false],
  ])("recognises %s", (_, user, expected) => {
    expect(isPlatformAdmin(user, adminUserIds)).toBe(expected);
  });
});
