import { beforeAll, describe, expect, it } from "vitest";
import type { BrowserClient } from "../support/auth-client.ts";
import { uniqueEmail } from "../support/fixtures.ts";
import { memberWithRole, organizationWithOwner, quietMember, uniqueSlug } from "../support/organizations.ts";
import { signedInUser, useTestServer } from "../support/test-server.ts";

/**
 * SPEC §6, the whole matrix through HTTP: every organization role, and a combined role list,
 * against every permission-checked action, allowed and refused. One organization holds one member
 * per role; actions that destroy what they act on get a fresh target per cell.
 */
const server = useTestServer();

const ROLES = ["owner", "admin", "member", "member,admin"] as const;
type Role = (typeof ROLES)[number];

let organizationId: string;
const actor = {} as Record<Role, BrowserClient>;

beforeAll(async () => {
  const { owner, organization } = await organizationWithOwner(server, "Matrix");
  organizationId = organization.id;
  actor.owner = owner.client;
  for (const role of ROLES.filter((r) => r !== "owner")) actor[role] = (await memberWithRole(server, organizationId, role)).client;
});

/** A team made by the server, to be updated or removed. */
async function freshTeam(): Promise<string> {
  const team = await server.deps.auth.api.createTeam({ body: { name: `Team ${uniqueSlug()}`, organizationId } });
  return team.id;
}

/** A pending invitation sent by the owner, to be canceled. */
async function freshInvitation(): Promise<string> {
  const response = await actor.owner.post("/api/auth/organization/invite-member", { email: uniqueEmail("invitee"), role: "member" });
  return (await response.json()).id;
}

interface Action {
  /** SPEC §6 wording: resource and action. */
  name: string;
  allowed: readonly Role[];
  /** The answer to a role without the permission. */
  refusal: { status: number; code: string; message: string };
  attempt(client: BrowserClient, role: Role): Promise<Response>;
  /** What a permitted attempt must have done, beyond answering 200. */
  done?(response: Response): Promise<void>;
}

const OWNER_AND_ADMINS = ["owner", "admin", "member,admin"] as const;
const forbidden = (code: string, message: string) => ({ status: 403, code, message });

const ACTIONS: Action[] = [
  {
    name: "organization update",
    allowed: OWNER_AND_ADMINS,
    refusal: forbidden("YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_ORGANIZATION", "You are not allowed to update this organization"),
    attempt: (client, role) => client.post("/api/auth/organization/update", { data: { name: `Renamed by ${role}` } }),
    done: async (response) => expect((await response.json()).name).toMatch(/^Renamed by /),
  },
  {
    name: "organization delete",
    allowed: ["owner"],
    refusal: forbidden("YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_ORGANIZATION", "You are not allowed to delete this organization"),
    async attempt(client, role) {
      if (role !== "owner") return client.post("/api/auth/organization/delete", { organizationId });
      // The owner deletes an organization of their own made for the purpose, not the shared one.
      const spare = await (
        await client.post("/api/auth/organization/create", { name: "Spare", slug: uniqueSlug(), keepCurrentActiveOrganization: true })
      ).json();
      return client.post("/api/auth/organization/delete", { organizationId: spare.id });
    },
    done: async (response) => {
      const { id } = await response.json();
      expect(await server.deps.db.selectFrom("organization").select("id").where("id", "=", id).executeTakeFirst()).toBeUndefined();
    },
  },
  {
    name: "member update",
    allowed: OWNER_AND_ADMINS,
    refusal: forbidden("YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER", "You are not allowed to update this member"),
    attempt: async (client) =>
      client.post("/api/auth/organization/update-member-role", {
        memberId: (await quietMember(server, organizationId)).memberId,
        role: "admin",
      }),
    done: async (response) => expect((await response.json()).role).toBe("admin"),
  },
  {
    name: "member delete",
    allowed: OWNER_AND_ADMINS,
    refusal: forbidden("YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER", "You are not allowed to delete this member"),
    attempt: async (client) =>
      client.post("/api/auth/organization/remove-member", { memberIdOrEmail: (await quietMember(server, organizationId)).memberId }),
    done: async (response) => {
      const { member } = await response.json();
      expect(await server.deps.db.selectFrom("member").select("id").where("id", "=", member.id).executeTakeFirst()).toBeUndefined();
    },
  },
  {
    name: "invitation create",
    allowed: OWNER_AND_ADMINS,
    refusal: forbidden(
      "YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION",
      "You are not allowed to invite users to this organization",
    ),
    attempt: (client) => client.post("/api/auth/organization/invite-member", { email: uniqueEmail("invitee"), role: "member" }),
    done: async (response) => expect((await response.json()).status).toBe("pending"),
  },
  {
    name: "invitation cancel",
    allowed: OWNER_AND_ADMINS,
    refusal: forbidden("YOU_ARE_NOT_ALLOWED_TO_CANCEL_THIS_INVITATION", "You are not allowed to cancel this invitation"),
    attempt: async (client) => client.post("/api/auth/organization/cancel-invitation", { invitationId: await freshInvitation() }),
    done: async (response) => expect((await response.json()).status).toBe("canceled"),
  },
  {
    name: "team create",
    allowed: OWNER_AND_ADMINS,
    refusal: forbidden(
      "YOU_ARE_NOT_ALLOWED_TO_CREATE_TEAMS_IN_THIS_ORGANIZATION",
      "You are not allowed to create teams in this organization",
    ),
    attempt: (client, role) => client.post("/api/auth/organization/create-team", { name: `Made by ${role}` }),
    done: async (response) => expect((await response.json()).organizationId).toBe(organizationId),
  },
  {
    name: "team update",
    allowed: OWNER_AND_ADMINS,
    refusal: forbidden("YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_TEAM", "You are not allowed to update this team"),
    attempt: async (client) =>
      client.post("/api/auth/organization/update-team", { teamId: await freshTeam(), data: { name: "Renamed team" } }),
    done: async (response) => expect((await response.json()).name).toBe("Renamed team"),
  },
  {
    name: "team delete",
    allowed: OWNER_AND_ADMINS,
    refusal: forbidden(
      "YOU_ARE_NOT_ALLOWED_TO_DELETE_TEAMS_IN_THIS_ORGANIZATION",
      "You are not allowed to delete teams in this organization",
    ),
    attempt: async (client) => client.post("/api/auth/organization/remove-team", { teamId: await freshTeam() }),
    done: async (response) => expect(await response.json()).toEqual({ message: "Team removed successfully." }),
  },
];

const CELLS = ACTIONS.flatMap((action) =>
  ROLES.map((role) => ({ action, role, name: action.name, outcome: action.allowed.includes(role) ? "allowed" : "refused" })),
);

describe("SPEC §6 organization permissions over HTTP", () => {
  it.each(CELLS)("$name by $role: $outcome", async ({ action, role, outcome }) => {
    const response = await action.attempt(actor[role], role);
    if (outcome === "allowed") {
      expect(response.status, await response.clone().text()).toBe(200);
      await action.done?.(response);
    } else {
      expect(response.status).toBe(action.refusal.status);
      expect(await response.json()).toEqual({ code: action.refusal.code, message: action.refusal.message });
    }
  });

  it.each(ROLES)("member create is server-only: POST add-member answers 404 to %s", async (role) => {
    const target = await userIdOfNonMember();
    const response = await actor[role].post("/api/auth/organization/add-member", { userId: target, role: "member", organizationId });
    expect(response.status).toBe(404);
  });
});

/** A user id that is no member yet (created without a sign-up: nothing is done with it). */
async function userIdOfNonMember() {
  const context = await server.deps.auth.$context;
  return (
    await context.internalAdapter.createUser({ email: uniqueEmail("outsider"), name: "Outsider", emailVerified: true }, { method: "admin" })
  ).id;
}

describe("SPEC §6: any member can read", () => {
  const READS = [
    ["list invitations", () => `/api/auth/organization/list-invitations?organizationId=${organizationId}`],
    ["list teams", () => `/api/auth/organization/list-teams?organizationId=${organizationId}`],
    ["list members", () => `/api/auth/organization/list-members?organizationId=${organizationId}`],
    ["list organizations", () => "/api/auth/organization/list"],
    ["read their active member", () => "/api/auth/organization/get-active-member"],
  ] as const;

  it.each(ROLES.flatMap((role) => READS.map(([name, path]) => ({ role, name, path }))))("$role may $name", async ({ role, path }) => {
    const response = await actor[role].fetch(path());
    expect(response.status).toBe(200);
    const body = await response.json();
    if (path().endsWith("/list")) expect(body.map((o: { id: string }) => o.id)).toContain(organizationId);
    if (path().endsWith("get-active-member")) expect(body).toMatchObject({ organizationId, role });
  });

  it.each(["list-invitations", "list-teams", "list-members"])("someone outside the organization gets 403 from %s", async (endpoint) => {
    const outsider = await signedInUser(server);
    const response = await outsider.client.fetch(`/api/auth/organization/${endpoint}?organizationId=${organizationId}`);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ message: "You are not a member of this organization" });
  });
});

describe("SPEC §6: the only owner can be neither removed nor leave", () => {
  it("refuses the only owner leaving with 400", async () => {
    const response = await actor.owner.post("/api/auth/organization/leave", { organizationId });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: "You cannot leave the organization as the only owner" });
  });

  it("refuses the only owner removing themselves with 400", async () => {
    const me = (await (await actor.owner.fetch("/api/auth/organization/get-active-member")).json()).id;
    const response = await actor.owner.post("/api/auth/organization/remove-member", { memberIdOrEmail: me });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: "You cannot leave the organization as the only owner" });
  });

  it.each(["admin", "member,admin", "member"] as const)("refuses %s removing the owner with 403", async (role) => {
    const ownerMember = (await (await actor.owner.fetch("/api/auth/organization/get-active-member")).json()).id;
    const response = await actor[role].post("/api/auth/organization/remove-member", { memberIdOrEmail: ownerMember });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ message: "You are not allowed to delete this member" });
  });
});
