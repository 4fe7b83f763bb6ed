import { describe, expect, it, vi } from "vitest";
import { platformAdmin } from "../admin/platform-admins.ts";
import { apiClient, dashboardApi, type Merchant, useBillingServer } from "../support/billing.ts";
import { uploadFile } from "../support/files.ts";
import { freezeDate, SECOND, uniqueEmail } from "../support/fixtures.ts";

// API_KEY_SESSIONS on: the riskiest setting for /v1, since better-auth then answers a key as a session.
const { server, merchant } = useBillingServer({ API_KEY_SESSIONS: "true" });

const fixedPrice = { amount_type: "fixed", price_amount: 1000, price_currency: "usd" };

/** The session cookie of the merchant's owner, for requests a browser would not send by itself. */
const cookieOf = (m: Merchant) => [...m.owner.client.cookies].map(([name, value]) => `${name}=${value}`).join("; ");

describe("/v1 credentials other than tokens and the dashboard's cookie", () => {
  it("refuses a better-auth API key, even from a script that claims Gatehouse's own Origin", async () => {
    const acme = await merchant();
    const { data } = await acme.owner.client.auth.apiKey.create({ name: "ci" });
    const withKey = (method: string, body?: unknown) =>
      fetch(`${server.url}/v1/organization-access-tokens/?organization_id=${acme.organizationId}`, {
        method,
        headers: { "x-api-key": data?.key ?? "", origin: server.url, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const mint = await withKey("POST", { comment: "outlives the key", scopes: ["products:write"] });
    expect(mint.status).toBe(401);
    expect(await mint.json()).toMatchObject({ error: "invalid_token" });
    expect((await withKey("GET")).status).toBe(401);
    const tokens = await acme.api.get("/v1/organization-access-tokens/?limit=100");
    expect(tokens.body.items.map((t: { comment: string }) => t.comment)).not.toContain("outlives the key");
  });

  it("lets a platform admin impersonating a merchant look and change, but not mint an access token", async () => {
    const acme = await merchant();
    const admin = await platformAdmin(server);
    await admin.client.auth.admin.impersonateUser({ userId: acme.owner.userId });
    const asMerchant = dashboardApi(admin.client);
    const q = `?organization_id=${acme.organizationId}`;

    const mint = await asMerchant.post(`/v1/organization-access-tokens/${q}`, { comment: "backdoor", scopes: ["products:read"] });
    expect(mint.status).toBe(403);
    expect(mint.body).toMatchObject({ error: "NotPermitted" });
    expect((await asMerchant.get(`/v1/products/${q}`)).status).toBe(200);
    expect((await asMerchant.post(`/v1/products/${q}`, { name: "Support fix", prices: [fixedPrice] })).status).toBe(201);
    // The merchant themselves still can.
    expect((await acme.dashboard.post("/v1/organization-access-tokens/", { comment: "mine", scopes: ["products:read"] })).status).toBe(201);
  });
});

describe("/v1 with the dashboard's cookie of a banned user", () => {
  it("answers 401 at once, though the browser still holds the cookie", async () => {
    const acme = await merchant();
    expect((await acme.dashboard.get("/v1/products/")).status).toBe(200);
    const admin = await platformAdmin(server);
    await admin.client.auth.admin.banUser({ userId: acme.owner.userId });
    expect((await acme.dashboard.get("/v1/products/")).status).toBe(401);
  });
});

describe("/v1 with the dashboard's cookie from elsewhere", () => {
  it("refuses every kind of write without Gatehouse's Origin, and changes nothing", async () => {
    const acme = await merchant();
    const product = await acme.api.post("/v1/products/", { name: "Keep me", prices: [fixedPrice] });
    const cookie = cookieOf(acme);
    const send = (method: string, path: string, headers: Record<string, string> = {}, body?: unknown) =>
      fetch(`${server.url}${path}`, {
        method,
        headers: { cookie, "content-type": "application/json", ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const attempts = [
      await send("POST", "/v1/organization-access-tokens/", {}, { comment: "csrf", scopes: ["products:read"] }),
      await send("PATCH", `/v1/products/${product.body.id}`, { origin: "https://evil.example" }, { name: "Pwned" }),
      await send("PATCH", `/v1/products/${product.body.id}`, { origin: "null" }, { name: "Pwned" }),
      await send("DELETE", `/v1/organization-access-tokens/${crypto.randomUUID()}`),
    ];
    expect(attempts.map((response) => response.status)).toEqual([403, 403, 403, 403]);
    expect((await acme.api.get(`/v1/products/${product.body.id}`)).body.name).toBe("Keep me");
    // The same cookie reads from anywhere (a GET changes nothing).
    expect((await send("GET", `/v1/products/${product.body.id}`)).status).toBe(200);
  });
});

describe("/v1 references between organizations", () => {
  it("answers 422 when a body names another organization's benefit, meter, custom field, product or customer", async () => {
    const [acme, rival] = [await merchant("Acme"), await merchant("Rival")];
    const benefit = await rival.api.post("/v1/benefits/", { type: "custom", description: "Rival perk", properties: {} });
    const meter = await rival.api.post("/v1/meters/", {
      name: "Rival calls",
      filter: { conjunction: "and", clauses: [] },
      aggregation: { func: "count" },
    });
    const field = await rival.api.post("/v1/custom-fields/", { type: "text", slug: "rival", name: "Rival", properties: {} });
    const product = await rival.api.post("/v1/products/", { name: "Rival plan", prices: [fixedPrice] });
    const customer = await rival.api.post("/v1/customers/", { email: uniqueEmail("rival") });
    expect([benefit, meter, field, product, customer].map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201]);

    const mine = await acme.api.post("/v1/products/", { name: "Acme plan", prices: [fixedPrice] });
    const attempts = [
      await acme.api.post(`/v1/products/${mine.body.id}/benefits`, { benefits: [benefit.body.id] }),
      await acme.api.post("/v1/products/", {
        name: "Metered",
        recurring_interval: "month",
        prices: [{ amount_type: "metered_unit", meter_id: meter.body.id, unit_amount: 1 }],
      }),
      await acme.api.patch(`/v1/products/${mine.body.id}`, {
        attached_custom_fields: [{ custom_field_id: field.body.id, required: false }],
      }),
      await acme.api.post("/v1/discounts/", {
        type: "percentage",
        basis_points: 1000,
        duration: "once",
        name: "Steal",
        products: [product.body.id],
      }),
      await acme.api.post("/v1/checkout-links/", { payment_processor: "stripe", products: [product.body.id] }),
      await acme.api.post("/v1/benefits/", {
        type: "meter_credit",
        description: "Credits",
        properties: { meter_id: meter.body.id, units: 10, rollover: false },
      }),
      await acme.api.post("/v1/customer-sessions/", { customer_id: customer.body.id }),
    ];
    expect(attempts.map((answer) => answer.status)).toEqual([422, 422, 422, 422, 422, 422, 422]);
    const after = await acme.api.get(`/v1/products/${mine.body.id}`);
    expect(after.body.benefits).toEqual([]);
    expect(after.body.attached_custom_fields).toEqual([]);
  });
});

describe("/v1 input handling", () => {
  it("filters on a metadata key holding a double quote instead of failing", async () => {
    const acme = await merchant();
    const product = await acme.api.post("/v1/products/", { name: "Quoted", prices: [fixedPrice], metadata: { 'plan "pro"': "yes" } });
    const key = encodeURIComponent('plan "pro"');
    const found = await acme.api.get(`/v1/products/?metadata[${key}]=yes`);
    expect(found.status).toBe(200);
    expect(found.body.items.map((item: { id: string }) => item.id)).toEqual([product.body.id]);
    expect((await acme.api.get(`/v1/products/?metadata[${encodeURIComponent('a"b')}]=x`)).body.items).toEqual([]);
  });

  it("answers 422, not 500, to a token lifetime past any representable date", async () => {
    const acme = await merchant();
    for (const expires_in of ["P99999999Y", "99999999999999999999"]) {
      const answer = await acme.api.post("/v1/organization-access-tokens/", { comment: "forever", scopes: ["products:read"], expires_in });
      expect(answer.status).toBe(422);
      expect(answer.body.detail[0].loc).toEqual(["body", "expires_in"]);
    }
  });

  it("serves an uploaded SVG so that its script never runs in Gatehouse's origin", async () => {
    const acme = await merchant();
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>');
    const { file } = await uploadFile(acme, svg, { name: "logo.svg", mime_type: "image/svg+xml" });
    const served = await fetch(file.public_url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/svg+xml");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("content-security-policy")).toMatch(/sandbox/);
    expect(served.headers.get("content-security-policy")).toMatch(/default-src 'none'/);
  });
});

describe("/v1 rate limit (BILLING_RATE_LIMIT_MAX=5)", () => {
  const limited = useBillingServer({ BILLING_RATE_LIMIT_MAX: "5" });

  it("answers 429 with Retry-After past the limit, per token, and lets the token in again the next minute", async () => {
    const start = freezeDate();
    const acme = await limited.merchant();
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await acme.api.get("/v1/products/")).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await acme.api.get("/v1/products/");
    expect(refused.body).toMatchObject({ error: "TooManyRequests" });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another token of the same organization has its own allowance.
    const other = apiClient(limited.server.url, await acme.tokenWithScopes(["products:read"]));
    expect((await other.get("/v1/products/")).status).toBe(200);

    vi.setSystemTime(start + 61 * SECOND);
    expect((await acme.api.get("/v1/products/")).status).toBe(200);
  });
});
