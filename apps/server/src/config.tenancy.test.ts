import { describe, expect, it } from "vitest";
import { parseTenancyConfig } from "./config.tenancy.ts";

describe("parseTenancyConfig", () => {
  it("defaults to open creation, 100 members, two-day invitations and key sessions off", () => {
    expect(parseTenancyConfig({})).toEqual({
      problems: [],
      config: {
        organizations: {
          creation: "everyone",
          limitPerUser: undefined,
          membershipLimit: 100,
          invitationExpiresIn: 172800,
          allowRemovingAllTeams: false,
          maximumRolesPerOrganization: 50,
        },
        admin: { userIds: [], impersonationSessionDuration: 3600 },
        apiKeys: { defaultPrefix: "gate_", sessions: false },
      },
    });
  });

  it("reads every setting", () => {
    const { config } = parseTenancyConfig({
      ORGANIZATION_CREATION: "admins",
      ORGANIZATION_LIMIT: "3",
      ORGANIZATION_MEMBERSHIP_LIMIT: "5",
      INVITATION_EXPIRES_IN: "3600",
      ALLOW_REMOVING_ALL_TEAMS: "true",
      ORGANIZATION_MAX_CUSTOM_ROLES: "7",
      ADMIN_USER_IDS: " a1, b2 ,,",
      IMPERSONATION_SESSION_DURATION: "600",
      API_KEY_PREFIX: "acme_",
      API_KEY_SESSIONS: "yes",
    });
    expect(config?.organizations).toMatchObject({ creation: "admins", limitPerUser: 3, membershipLimit: 5, invitationExpiresIn: 3600 });
    expect(config?.organizations.allowRemovingAllTeams).toBe(true);
    expect(config?.admin).toEqual({ userIds: ["a1", "b2"], impersonationSessionDuration: 600 });
    expect(config?.apiKeys).toEqual({ defaultPrefix: "acme_", sessions: true });
  });

  it("names every bad key instead of starting with a guess", () => {
    const { config, problems } = parseTenancyConfig({
      ORGANIZATION_CREATION: "some",
      ORGANIZATION_MEMBERSHIP_LIMIT: "0",
      API_KEY_PREFIX: "has space",
      API_KEY_SESSIONS: "maybe",
    });
    expect(config).toBeUndefined();
    expect(problems.map((p) => p.split(":")[0])).toEqual([
      "ORGANIZATION_CREATION",
      "ORGANIZATION_MEMBERSHIP_LIMIT",
      "API_KEY_PREFIX",
      "API_KEY_SESSIONS",
    ]);
  });
});
