import { expect } from "vitest";
import type { BrowserClient } from "../support/auth-client.ts";
import { uniqueSlug } from "../support/organizations.ts";
import type { TestServer } from "../support/test-server.ts";

/** The invitation endpoints, called over HTTP the way a page's script calls them. */

export const ORG = "/api/auth/organization";

export interface Invitation {
  id: string;
  organizationId: string;
  email: string;
  role: string;
  status: "pending" | "accepted" | "rejected" | "canceled";
  teamId: string | null;
  inviterId: string;
  expiresAt: string;
  createdAt: string;
}

/** Status and parsed body of a response. */
export const answer = async <T = Record<string, unknown>>(response: Response) => ({
  status: response.status,
  body: (await response.json()) as T,
});

export const inviteMember = async (client: BrowserClient, body: Record<string, unknown>) =>
  answer<Invitation & { code?: string; message?: string }>(await client.post(`${ORG}/invite-member`, body));

/** Invites and expects success; answers the stored invitation. */
export async function invite(
  client: BrowserClient,
  email: string,
  role: string | string[] = "member",
  extra: Record<string, unknown> = {},
) {
  const { status, body } = await inviteMember(client, { email, role, ...extra });
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
}

export const getInvitation = async (client: BrowserClient, id: string) =>
  answer(await client.fetch(`${ORG}/get-invitation?id=${encodeURIComponent(id)}`));
export const acceptInvitation = async (client: BrowserClient, invitationId: string) =>
  answer(await client.post(`${ORG}/accept-invitation`, { invitationId }));
export const rejectInvitation = async (client: BrowserClient, invitationId: string) =>
  answer(await client.post(`${ORG}/reject-invitation`, { invitationId }));
export const cancelInvitation = async (client: BrowserClient, invitationId: string) =>
  answer(await client.post(`${ORG}/cancel-invitation`, { invitationId }));
export const listInvitations = async (client: BrowserClient, organizationId?: string) =>
  answer<Invitation[]>(
    await client.fetch(`${ORG}/list-invitations${organizationId ? `?organizationId=${encodeURIComponent(organizationId)}` : ""}`),
  );
export const listUserInvitations = async (client: BrowserClient, query = "") =>
  answer<(Invitation & { organizationName: string })[]>(await client.fetch(`${ORG}/list-user-invitations${query}`));

/** The status list-invitations shows for one invitation. */
export async function statusOf(member: BrowserClient, invitation: Invitation) {
  const { body } = await listInvitations(member, invitation.organizationId);
  return body.find((i) => i.id === invitation.id)?.status;
}

/** The catalogued answers (SPEC §8), as better-auth words them. */
export const NOT_FOUND = { code: "INVITATION_NOT_FOUND", message: "Invitation not found" };
export const NOT_FOUND_LITERAL = { code: "INVITATION_NOT_FOUND", message: "Invitation not found!" };
export const NOT_RECIPIENT = {
  code: "YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION",
  message: "You are not the recipient of the invitation",
};
export const NOT_AUTHENTICATED = { code: "UNAUTHORIZED", message: "Not authenticated" };

/** A second organization owned by the same person (for tests that need two). */
export async function anotherOrganization(owner: BrowserClient, name: string) {
  const created = await owner.auth.organization.create({ name, slug: uniqueSlug(name.toLowerCase()), keepCurrentActiveOrganization: true });
  if (created.error) throw new Error(`organization create failed: ${created.error.message}`);
  return created.data;
}

/** The invitation mail last delivered to this address, after the worker ran the outbox. */
export async function invitationMailTo(server: TestServer, email: string) {
  await server.drainJobs();
  return server.inbox.to(email).at(-1);
}
