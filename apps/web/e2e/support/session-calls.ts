import type { Page } from "playwright-core";
import { expect } from "vitest";
import type { GatehouseInChromium } from "./gatehouse.ts";
import { signUpAndVerify } from "./people.ts";

/** Calls the server from the page, with its session cookie, as the web app does. */
export async function callFromPage<T>(from: Page, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  return from.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: body === undefined ? {} : { "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: response.status === 204 ? null : await response.json() };
    },
    { method, path, body },
  );
}

/**
 * Brings a colleague into the owner's organization with role `member` (invited by the owner,
 * signed up in a browser profile of their own, organization active) and answers their page.
 */
export async function joinAsMember(
  world: GatehouseInChromium,
  owner: Page,
  organizationId: string,
  colleague: { name: string; email: string; password: string },
): Promise<Page> {
  const invited = await callFromPage<{ id: string }>(owner, "POST", "/api/auth/organization/invite-member", {
    email: colleague.email,
    role: "member",
    organizationId,
  });
  expect(invited.status).toBe(200);
  const member = await (await world.newContext()).newPage();
  await signUpAndVerify(member, colleague);
  expect((await callFromPage(member, "POST", "/api/auth/organization/accept-invitation", { invitationId: invited.body.id })).status).toBe(
    200,
  );
  expect((await callFromPage(member, "POST", "/api/auth/organization/set-active", { organizationId })).status).toBe(200);
  return member;
}
