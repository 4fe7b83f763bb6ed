import { z } from "zod";
import { commaList, flag } from "./config.sign-in.ts";

/**
 * Settings for organizations, platform administration and API keys. config.ts hands over the raw
 * environment; this module only parses it, so config.ts stays the one reader of process.env.
 */

/** Who may create organizations: SPEC §5 "Creation may be disabled or conditional". */
export const ORGANIZATION_CREATION = ["everyone", "admins", "nobody"] as const;
export type OrganizationCreation = (typeof ORGANIZATION_CREATION)[number];

export interface TenancyConfig {
  organizations: {
    creation: OrganizationCreation;
    /** Organizations one user may belong to as creator; undefined means no cap. */
    limitPerUser: number | undefined;
    membershipLimit: number;
    invitationExpiresIn: number;
    allowRemovingAllTeams: boolean;
    maximumRolesPerOrganization: number;
  };
  admin: { userIds: string[]; impersonationSessionDuration: number };
  apiKeys: { defaultPrefix: string; sessions: boolean };
}

const positive = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const schema = z.object({
  ORGANIZATION_CREATION: z.enum(ORGANIZATION_CREATION).default("everyone"),
  ORGANIZATION_LIMIT: z.coerce.number().int().positive().optional(),
  ORGANIZATION_MEMBERSHIP_LIMIT: positive(100),
  INVITATION_EXPIRES_IN: positive(2 * 24 * 60 * 60),
  ALLOW_REMOVING_ALL_TEAMS: flag(false),
  ORGANIZATION_MAX_CUSTOM_ROLES: positive(50),
  ADMIN_USER_IDS: commaList,
  IMPERSONATION_SESSION_DURATION: positive(60 * 60),
  API_KEY_PREFIX: z
    .string()
    .regex(/^[a-z0-9_]{1,16}$/i, "letters, digits and underscores, at most 16")
    .default("gate_"),
  API_KEY_SESSIONS: flag(false),
});

export function parseTenancyConfig(env: Record<string, string | undefined>): { config?: TenancyConfig; problems: string[] } {
  const parsed = schema.safeParse(env);
  if (!parsed.success) return { problems: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`) };
  const e = parsed.data;
  return {
    problems: [],
    config: {
      organizations: {
        creation: e.ORGANIZATION_CREATION,
        limitPerUser: e.ORGANIZATION_LIMIT,
        membershipLimit: e.ORGANIZATION_MEMBERSHIP_LIMIT,
        invitationExpiresIn: e.INVITATION_EXPIRES_IN,
        allowRemovingAllTeams: e.ALLOW_REMOVING_ALL_TEAMS,
        maximumRolesPerOrganization: e.ORGANIZATION_MAX_CUSTOM_ROLES,
      },
      admin: { userIds: e.ADMIN_USER_IDS, impersonationSessionDuration: e.IMPERSONATION_SESSION_DURATION },
      apiKeys: { defaultPrefix: e.API_KEY_PREFIX, sessions: e.API_KEY_SESSIONS },
    },
  };
}
