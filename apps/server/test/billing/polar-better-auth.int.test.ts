import { DatabaseSync } from "node:sqlite";
import { polar, portal } from "@polar-sh/better-auth";
import { Polar } from "@polar-sh/sdk";
import { betterAuth } from "better-auth";
import { getMigrations } from "better-auth/db/migration";
import { describe, expect, it } from "vitest";
import { type Merchant, useBillingServer } from "../support/billing.ts";
import { uniqueEmail } from "../support/fixtures.ts";

const { server, merchant } = useBillingServer();

/**
 * A merchant's own application, as its developers would write it: better-auth on its own database,
 * with the official Polar plugin pointed at Gatehouse instead of api.polar.sh.
 */
async function merchantApp(m: Merchant) {
  const auth = betterAuth({
    database: new DatabaseSync(":memory:"),
    secret: "merchant-app-secret-merchant-app-secret",
    baseURL: "http://merchant-app.test",
    logger: { disabled: true },
    emailAndPassword: { enabled: true },
    user: { changeEmail: { enabled: true, updateEmailWithoutVerification: true }, deleteUser: { enabled: true } },
    plugins: [
      polar({
        client: new Polar({ accessToken: m.token, serverURL: server.url }),
        createCustomerOnSignUp: true,
        use: [portal({ returnUrl: "http://merchant-app.test/account" })],
      }),
    ],
  });
  const { runMigrations } = await getMigrations(auth.options);
  await runMigrations();

  /** Signs a user up and returns their id and the headers that carry their session. */
  const signUp = async (email: string, name: string) => {
    const { headers, response } = await auth.api.signUpEmail({
      body: { email, password: "correct horse battery", name },
      returnHeaders: true,
    });
    const cookie = (headers.getSetCookie?.() ?? []).map((c) => c.split(";")[0]).join("; ");
    return { userId: response.user.id, headers: new Headers({ cookie }) };
  };
  return { auth, signUp };
}

describe("@polar-sh/better-auth against Gatehouse", () => {
  it("creates the Gatehouse customer on sign-up, with the user's id as external id", async () => {
    const acme = await merchant();
    const { signUp } = await merchantApp(acme);
    const email = uniqueEmail("shopper");
    const { userId } = await signUp(email, "Sam Shopper");
    const customer = await acme.sdk.customers.getExternal({ externalId: userId });
    expect(customer).toMatchObject({ email, name: "Sam Shopper", externalId: userId, organizationId: acme.organizationId });
    const listed = await acme.sdk.customers.list({ email });
    expect(listed.result.items).toHaveLength(1);
  });

  it("links an existing customer with the same email instead of creating a second one", async () => {
    const acme = await merchant();
    const email = uniqueEmail("returning");
    const existing = await acme.sdk.customers.create({ email, name: "Bought Before" });
    const { signUp } = await merchantApp(acme);
    const { userId } = await signUp(email, "Returning Buyer");
    const linked = await acme.sdk.customers.get({ id: existing.id });
    expect(linked.externalId).toBe(userId);
    expect((await acme.sdk.customers.list({})).result.pagination.totalCount).toBe(1);
  });

  it("updates the customer when the user changes their name or email", async () => {
    const acme = await merchant();
    const { auth, signUp } = await merchantApp(acme);
    const { userId, headers } = await signUp(uniqueEmail("mover"), "Before");
    await auth.api.updateUser({ body: { name: "After" }, headers });
    expect((await acme.sdk.customers.getExternal({ externalId: userId })).name).toBe("After");
    const newEmail = uniqueEmail("moved");
    await auth.api.changeEmail({ body: { newEmail }, headers });
    expect(await acme.sdk.customers.getExternal({ externalId: userId })).toMatchObject({ email: newEmail, name: "After" });
  });

  it("answers the customer state and a portal session through the plugin and the SDK", async () => {
    const acme = await merchant();
    const { auth, signUp } = await merchantApp(acme);
    const { userId, headers } = await signUp(uniqueEmail("stateful"), "Stateful");
    const state = await acme.sdk.customers.getStateExternal({ externalId: userId });
    expect(state).toMatchObject({ externalId: userId, activeSubscriptions: [], grantedBenefits: [], activeMeters: [] });
    const viaPlugin = (await auth.api.state({ headers })) as { externalId: string; activeSubscriptions: unknown[] };
    expect(viaPlugin).toMatchObject({ externalId: userId, activeSubscriptions: [] });
    const portalLink = (await auth.api.portal({ headers, body: {} })) as { url: string };
    const url = new URL(portalLink.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${server.url}/portal`);
    const token = url.searchParams.get("customer_session_token") ?? "";
    const me = await new Polar({ serverURL: server.url }).customerPortal.customers.get({ customerSession: token });
    expect(me.email).toBe(state.email);
  });

  it("deletes the customer when the user deletes their account", async () => {
    const acme = await merchant();
    const { auth, signUp } = await merchantApp(acme);
    const { userId, headers } = await signUp(uniqueEmail("leaver"), "Leaver");
    await auth.api.deleteUser({ body: { password: "correct horse battery" }, headers });
    const answer = await acme.api.get(`/v1/customers/external/${userId}`);
    expect(answer.status).toBe(404);
  });
});
