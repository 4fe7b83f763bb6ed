import { Polar } from "@polar-sh/sdk";
import { createPolar } from "polar-sdk-1/2026-04";
import { describe, expect, it } from "vitest";
import { hashToken } from "../../src/billing/api/principal.ts";
import { apiClient, type Merchant, useBillingServer } from "../support/billing.ts";
import { HOUR, uniqueEmail } from "../support/fixtures.ts";

const { server, merchant } = useBillingServer();

async function customerOf(m: Merchant, body: Record<string, unknown> = {}) {
  const created = await m.api.post("/v1/customers/", { email: uniqueEmail("c"), ...body });
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  return created.body as { id: string; email: string; external_id: string | null };
}

async function storedSessions(organizationId: string): Promise<number> {
  const row = await server.deps.db
    .selectFrom("customer_session")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("organization_id", "=", organizationId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe("POST /v1/customer-sessions/", () => {
  it("creates a one-hour portal session by customer id through SDK 0.47, keeping only the token's hash", async () => {
    const acme = await merchant();
    const customer = await customerOf(acme, { name: "Portal User" });
    const session = await acme.sdk.customerSessions.create({ customerId: customer.id, returnUrl: "https://shop.example/account" });
    expect(session.token).toMatch(/^polar_cst_[A-Za-z0-9_-]{40,}$/);
    expect(session).toMatchObject({ customerId: customer.id, returnUrl: "https://shop.example/account", modifiedAt: null });
    expect(session.customer).toMatchObject({ id: customer.id, name: "Portal User", email: customer.email });
    expect(session.customerPortalUrl).toBe(`${server.url}/portal?customer_session_token=${session.token}`);
    const ttl = session.expiresAt.getTime() - session.createdAt.getTime();
    expect(ttl).toBe(HOUR);
    expect(Math.abs(session.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
    const stored = await server.deps.db.selectFrom("customer_session").selectAll().where("id", "=", session.id).executeTakeFirstOrThrow();
    expect(stored.token_hash).toBe(hashToken(session.token));
    expect(JSON.stringify(stored)).not.toContain(session.token);
  });

  it("creates a session by external customer id through SDK 1.x", async () => {
    const acme = await merchant();
    const customer = await customerOf(acme, { external_id: "user-42" });
    const session = await acme.sdk1.customerSessions.create({ external_customer_id: "user-42" } as never);
    expect(session).toMatchObject({ customer_id: customer.id, return_url: null });
    expect(session.customer.external_id).toBe("user-42");
  });

  it("returns 422 for an unknown, deleted or other organization's customer, no customer at all or a bad return url, and creates nothing", async () => {
    const acme = await merchant();
    const globex = await merchant("Globex");
    const theirs = await customerOf(globex, { external_id: "theirs" });
    const deleted = await customerOf(acme);
    await acme.api.delete(`/v1/customers/${deleted.id}`);
    const mine = await customerOf(acme);
    const cases: [Record<string, unknown>, (string | number)[]][] = [
      [{ customer_id: "00000000-0000-4000-8000-000000000000" }, ["body", "customer_id"]],
      [{ customer_id: theirs.id }, ["body", "customer_id"]],
      [{ customer_id: deleted.id }, ["body", "customer_id"]],
      [{ external_customer_id: "theirs" }, ["body", "external_customer_id"]],
      [{}, ["body", "customer_id"]],
      [{ customer_id: mine.id, return_url: "javascript:alert(1)" }, ["body", "return_url"]],
    ];
    for (const [body, loc] of cases) {
      const answer = await acme.api.post("/v1/customer-sessions/", body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(answer.body.detail[0].loc).toEqual(loc);
    }
    expect(await storedSessions(acme.organizationId)).toBe(0);
  });

  it("returns 403 for a token without customer_sessions:write", async () => {
    const acme = await merchant();
    const customer = await customerOf(acme);
    const limited = apiClient(server.url, await acme.tokenWithScopes(["customers:write"]));
    const answer = await limited.post("/v1/customer-sessions/", { customer_id: customer.id });
    expect(answer.status).toBe(403);
    expect(await storedSessions(acme.organizationId)).toBe(0);
  });
});

describe("GET /v1/customer-portal/customers/me", () => {
  it("answers the session's customer through SDK 0.47 and SDK 1.x", async () => {
    const acme = await merchant();
    const customer = await customerOf(acme, { name: "Me", billing_address: { country: "GB", city: "London" }, tax_id: "GB123456789" });
    const { token } = (await acme.api.post("/v1/customer-sessions/", { customer_id: customer.id })).body;
    const portal = new Polar({ serverURL: server.url });
    const me = await portal.customerPortal.customers.get({ customerSession: token });
    expect(me).toMatchObject({
      id: customer.id,
      name: "Me",
      email: customer.email,
      taxId: ["GB123456789", "gb_vat"],
      oauthAccounts: {},
      type: "individual",
    });
    expect(me.billingAddress).toMatchObject({ country: "GB", city: "London" });
    const me1 = await createPolar({ accessToken: token, baseUrl: server.url }).customerPortal.customers.get();
    expect(me1).toMatchObject({ id: customer.id, name: "Me", billing_name: null });
  });

  it("answers 401 without a token, with an unknown or expired token, with an organization token, or once the customer is deleted", async () => {
    const acme = await merchant();
    const customer = await customerOf(acme);
    const { token, id } = (await acme.api.post("/v1/customer-sessions/", { customer_id: customer.id })).body;
    const me = (bearer?: string) => apiClient(server.url, bearer).get("/v1/customer-portal/customers/me");
    expect((await me(token)).status).toBe(200);
    expect((await me()).status).toBe(401);
    const unknown = await me("polar_cst_unknown");
    expect(unknown.status).toBe(401);
    expect(unknown.body.error).toBe("invalid_token");
    expect((await me(acme.token)).status).toBe(401);

    await server.deps.db
      .updateTable("customer_session")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", id)
      .execute();
    expect((await me(token)).status).toBe(401);

    const fresh = (await acme.api.post("/v1/customer-sessions/", { customer_id: customer.id })).body.token;
    expect((await me(fresh)).status).toBe(200);
    await acme.api.delete(`/v1/customers/${customer.id}`);
    expect((await me(fresh)).status).toBe(401);
  });

  it("does not let a customer session token call merchant routes", async () => {
    const acme = await merchant();
    const customer = await customerOf(acme);
    const { token } = (await acme.api.post("/v1/customer-sessions/", { customer_id: customer.id })).body;
    const answer = await apiClient(server.url, token).get("/v1/customers/");
    expect(answer.status).toBe(401);
  });
});

describe("GET /v1/openapi.json", () => {
  it("documents the customer and customer session operations", async () => {
    const document = (await apiClient(server.url).get("/v1/openapi.json")).body;
    const operations = Object.values(document.paths as Record<string, Record<string, { operationId: string }>>).flatMap((p) =>
      Object.values(p).map((o) => o.operationId),
    );
    for (const id of ["customers:list", "customers:get_state_external", "customer-sessions:create", "customer_portal:customers:get"])
      expect(operations).toContain(id);
    expect(document.components.securitySchemes.customer_session).toMatchObject({ type: "http", scheme: "bearer" });
  });
});
