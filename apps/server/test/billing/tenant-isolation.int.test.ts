import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { AVAILABLE_SCOPES, type Scope } from "../../src/billing/api/scopes.ts";
import { type ApiAnswer, apiClient, type Merchant, useBillingServer } from "../support/billing.ts";
import { useFileStorage } from "../support/file-storages.ts";
import { uploadFile } from "../support/files.ts";

/**
 * One table for every /v1 operation the live OpenAPI document lists. For each: organization A's
 * token gets 404 on B's ids, A's lists never show B's items (and naming B is refused), a create that
 * references B's resources is refused, and a token holding every scope but the operation's own gets
 * 403 insufficient_scope. A route that is neither in the table nor exempted fails the first test.
 */
const { server, merchant } = useBillingServer(useFileStorage("local").env);

// biome-ignore lint/suspicious/noExplicitAny: the API answers JSON.
type Json = any;

/** B's resources, one of each kind, by the ids a caller would put in a path or body. */
interface Owned {
  organizationId: string;
  tokenId: string;
  customer: Json;
  product: Json;
  benefit: Json;
  customField: Json;
  discount: Json;
  checkoutLink: Json;
  meter: Json;
  file: Json;
  webhookEndpoint: Json;
  /** The event B's test send queued: what a redelivery names. */
  webhookEventId: string;
}

type Kind = "list" | "create" | "item";
interface RouteCase {
  kind: Kind;
  /** Any one of these suffices; the 403 check holds every other scope. */
  scopes: Scope[];
  /** The concrete path for B's resource; list and create routes use the template as is. */
  path?: (b: Owned) => string;
  /** A valid body, so that a 404 is not hidden behind a 422. */
  body?: (b: Owned) => unknown;
  /** For list routes: B's ids that must never appear in A's list. */
  listed?: (b: Owned) => string[];
  /** For create routes: a body naming B's resources, which A must be refused. */
  foreign?: (b: Owned) => unknown;
}

const read = (domain: string) => [`${domain}:read`, `${domain}:write`] as Scope[];
const write = (domain: string) => [`${domain}:write`] as Scope[];
const hookBody = { url: "https://hooks.example/b", format: "raw", events: ["product.created"] };
const meterBody = { name: "Calls", filter: { conjunction: "and", clauses: [] }, aggregation: { func: "count" } };

const list = (scopes: Scope[], listed?: RouteCase["listed"]): RouteCase => ({ kind: "list", scopes, listed });
const create = (scopes: Scope[], body?: RouteCase["body"], foreign?: RouteCase["foreign"]): RouteCase => ({
  kind: "create",
  scopes,
  body,
  foreign,
});
const item = (scopes: Scope[], path: RouteCase["path"], body?: RouteCase["body"]): RouteCase => ({ kind: "item", scopes, path, body });
const renamed = () => ({ name: "Renamed" });

const routes: Record<string, RouteCase> = {
  "GET /v1/organizations/": list(read("organizations"), (b) => [b.organizationId]),
  "GET /v1/organizations/{id}": item(read("organizations"), (b) => `/v1/organizations/${b.organizationId}`),
  "PATCH /v1/organizations/{id}": item(
    write("organizations"),
    (b) => `/v1/organizations/${b.organizationId}`,
    () => ({ name: "Taken over" }),
  ),

  "GET /v1/organization-access-tokens/": list(read("organization_access_tokens"), (b) => [b.tokenId]),
  "POST /v1/organization-access-tokens/": create(write("organization_access_tokens"), () => ({ comment: "x", scopes: ["products:read"] })),
  "PATCH /v1/organization-access-tokens/{id}": item(
    write("organization_access_tokens"),
    (b) => `/v1/organization-access-tokens/${b.tokenId}`,
    () => ({ comment: "mine now" }),
  ),
  "DELETE /v1/organization-access-tokens/{id}": item(
    write("organization_access_tokens"),
    (b) => `/v1/organization-access-tokens/${b.tokenId}`,
  ),

  "GET /v1/customers/": list(read("customers"), (b) => [b.customer.id]),
  "POST /v1/customers/": create(write("customers"), () => ({ email: "new@example.com" })),
  "GET /v1/customers/{id}": item(read("customers"), (b) => `/v1/customers/${b.customer.id}`),
  "PATCH /v1/customers/{id}": item(write("customers"), (b) => `/v1/customers/${b.customer.id}`, renamed),
  "DELETE /v1/customers/{id}": item(write("customers"), (b) => `/v1/customers/${b.customer.id}`),
  "GET /v1/customers/{id}/state": item(read("customers"), (b) => `/v1/customers/${b.customer.id}/state`),
  "GET /v1/customers/external/{external_id}": item(read("customers"), (b) => `/v1/customers/external/${b.customer.external_id}`),
  "PATCH /v1/customers/external/{external_id}": item(
    write("customers"),
    (b) => `/v1/customers/external/${b.customer.external_id}`,
    renamed,
  ),
  "DELETE /v1/customers/external/{external_id}": item(write("customers"), (b) => `/v1/customers/external/${b.customer.external_id}`),
  "GET /v1/customers/external/{external_id}/state": item(
    read("customers"),
    (b) => `/v1/customers/external/${b.customer.external_id}/state`,
  ),

  "POST /v1/customer-sessions/": create(
    write("customer_sessions"),
    (b) => ({ customer_id: b.customer.id }),
    (b) => ({ customer_id: b.customer.id }),
  ),

  "GET /v1/products/": list(read("products"), (b) => [b.product.id]),
  "POST /v1/products/": create(
    write("products"),
    () => ({ name: "P", prices: [{ amount_type: "free" }] }),
    (b) => ({ name: "P", recurring_interval: "month", prices: [{ amount_type: "metered_unit", meter_id: b.meter.id, unit_amount: 1 }] }),
  ),
  "GET /v1/products/{id}": item(read("products"), (b) => `/v1/products/${b.product.id}`),
  "PATCH /v1/products/{id}": item(write("products"), (b) => `/v1/products/${b.product.id}`, renamed),
  "POST /v1/products/{id}/benefits": item(
    write("products"),
    (b) => `/v1/products/${b.product.id}/benefits`,
    () => ({ benefits: [] }),
  ),

  "GET /v1/benefits/": list(read("benefits"), (b) => [b.benefit.id]),
  "POST /v1/benefits/": create(
    write("benefits"),
    () => ({ type: "custom", description: "Mug", properties: {} }),
    (b) => ({ type: "meter_credit", description: "Credits", properties: { units: 1, rollover: false, meter_id: b.meter.id } }),
  ),
  "GET /v1/benefits/{id}": item(read("benefits"), (b) => `/v1/benefits/${b.benefit.id}`),
  "PATCH /v1/benefits/{id}": item(
    write("benefits"),
    (b) => `/v1/benefits/${b.benefit.id}`,
    () => ({ type: "custom", description: "Renamed" }),
  ),
  "DELETE /v1/benefits/{id}": item(write("benefits"), (b) => `/v1/benefits/${b.benefit.id}`),
  "GET /v1/benefits/{id}/grants": item(read("benefits"), (b) => `/v1/benefits/${b.benefit.id}/grants`),

  "GET /v1/custom-fields/": list(read("custom_fields"), (b) => [b.customField.id]),
  "POST /v1/custom-fields/": create(write("custom_fields"), () => ({ type: "checkbox", slug: "terms", name: "Terms", properties: {} })),
  "GET /v1/custom-fields/{id}": item(read("custom_fields"), (b) => `/v1/custom-fields/${b.customField.id}`),
  "PATCH /v1/custom-fields/{id}": item(
    write("custom_fields"),
    (b) => `/v1/custom-fields/${b.customField.id}`,
    () => ({ type: "checkbox", name: "Renamed" }),
  ),
  "DELETE /v1/custom-fields/{id}": item(write("custom_fields"), (b) => `/v1/custom-fields/${b.customField.id}`),

  "GET /v1/discounts/": list(read("discounts"), (b) => [b.discount.id]),
  "POST /v1/discounts/": create(
    write("discounts"),
    () => ({ type: "percentage", basis_points: 100, duration: "once", name: "One" }),
    (b) => ({ type: "percentage", basis_points: 100, duration: "once", name: "One", products: [b.product.id] }),
  ),
  "GET /v1/discounts/{id}": item(read("discounts"), (b) => `/v1/discounts/${b.discount.id}`),
  "PATCH /v1/discounts/{id}": item(write("discounts"), (b) => `/v1/discounts/${b.discount.id}`, renamed),
  "DELETE /v1/discounts/{id}": item(write("discounts"), (b) => `/v1/discounts/${b.discount.id}`),

  "GET /v1/checkout-links/": list(read("checkout_links"), (b) => [b.checkoutLink.id]),
  "POST /v1/checkout-links/": create(write("checkout_links"), undefined, (b) => ({
    payment_processor: "stripe",
    products: [b.product.id],
  })),
  "GET /v1/checkout-links/{id}": item(read("checkout_links"), (b) => `/v1/checkout-links/${b.checkoutLink.id}`),
  "PATCH /v1/checkout-links/{id}": item(
    write("checkout_links"),
    (b) => `/v1/checkout-links/${b.checkoutLink.id}`,
    () => ({ label: "Renamed" }),
  ),
  "DELETE /v1/checkout-links/{id}": item(write("checkout_links"), (b) => `/v1/checkout-links/${b.checkoutLink.id}`),

  "GET /v1/meters/": list(read("meters"), (b) => [b.meter.id]),
  "POST /v1/meters/": create(write("meters"), () => meterBody),
  "GET /v1/meters/{id}": item(read("meters"), (b) => `/v1/meters/${b.meter.id}`),
  "PATCH /v1/meters/{id}": item(write("meters"), (b) => `/v1/meters/${b.meter.id}`, renamed),
  "GET /v1/meters/{id}/quantities": item(
    read("meters"),
    (b) => `/v1/meters/${b.meter.id}/quantities?start_timestamp=2026-01-01T00:00:00Z&end_timestamp=2026-01-02T00:00:00Z&interval=day`,
  ),

  "GET /v1/files/": list(read("files"), (b) => [b.file.id]),
  "POST /v1/files/": create(write("files"), () => ({ name: "a.txt", mime_type: "text/plain", service: "downloadable", size: 1 })),
  "POST /v1/files/{id}/uploaded": item(
    write("files"),
    (b) => `/v1/files/${b.file.id}/uploaded`,
    (b) => ({ id: b.file.upload_id, path: b.file.path, parts: [{ number: 1, checksum_etag: "x", checksum_sha256_base64: null }] }),
  ),
  "PATCH /v1/files/{id}": item(
    write("files"),
    (b) => `/v1/files/${b.file.id}`,
    () => ({ name: "x.txt" }),
  ),
  "DELETE /v1/files/{id}": item(write("files"), (b) => `/v1/files/${b.file.id}`),

  "GET /v1/webhooks/endpoints": list(read("webhooks"), (b) => [b.webhookEndpoint.id]),
  "POST /v1/webhooks/endpoints": create(
    write("webhooks"),
    () => hookBody,
    (b) => ({ ...hookBody, organization_id: b.organizationId }),
  ),
  "GET /v1/webhooks/endpoints/{id}": item(read("webhooks"), (b) => `/v1/webhooks/endpoints/${b.webhookEndpoint.id}`),
  "PATCH /v1/webhooks/endpoints/{id}": item(
    write("webhooks"),
    (b) => `/v1/webhooks/endpoints/${b.webhookEndpoint.id}`,
    () => ({ url: "https://attacker.example/hook" }),
  ),
  "DELETE /v1/webhooks/endpoints/{id}": item(write("webhooks"), (b) => `/v1/webhooks/endpoints/${b.webhookEndpoint.id}`),
  "PATCH /v1/webhooks/endpoints/{id}/secret": item(write("webhooks"), (b) => `/v1/webhooks/endpoints/${b.webhookEndpoint.id}/secret`),
  "POST /v1/webhooks/endpoints/{id}/test": item(write("webhooks"), (b) => `/v1/webhooks/endpoints/${b.webhookEndpoint.id}/test`),
  // Jobs are never drained here, so B has no delivery yet: this checks naming B, and the scope.
  "GET /v1/webhooks/deliveries": list(read("webhooks")),
  "POST /v1/webhooks/events/{id}/redeliver": item(write("webhooks"), (b) => `/v1/webhooks/events/${b.webhookEventId}/redeliver`),
};

/** Operations that do not act for an organization token's tenant, and why. */
const exempt: Record<string, string> = {
  // The signed link is the credential (no bearer token); files.int.test.ts covers forged and expired signatures.
  "PUT /v1/files/uploads/{id}/parts/{number}": "signed upload URL",
  // Product media is public by design, like Polar's S3 URLs; downloadables answer 404 there.
  "GET /v1/files/public/{id}": "public product media",
  // Authenticated by a customer session token, never an organization token; customer-sessions.int.test.ts covers it.
  "GET /v1/customer-portal/customers/me": "customer session",
};

/** A finished downloadable, with the upload id and path its `/uploaded` call named. */
async function uploadedFile(m: Merchant): Promise<Json> {
  const { file, upload } = await uploadFile(m, new Uint8Array(randomBytes(64)), {
    name: "b.bin",
    mime_type: "application/octet-stream",
    service: "downloadable",
  });
  return { ...file, upload_id: upload.id, path: upload.path };
}

async function ownedBy(m: Merchant): Promise<Owned> {
  const made = async (answer: Promise<ApiAnswer>) => {
    const { status, body } = await answer;
    if (status !== 201) throw new Error(`setup failed: ${status} ${JSON.stringify(body)}`);
    return body;
  };
  const product = await made(m.api.post("/v1/products/", { name: "Pro", prices: [{ amount_type: "fixed", price_amount: 500 }] }));
  const webhookEndpoint = await made(m.api.post("/v1/webhooks/endpoints", hookBody));
  const testSend = await m.api.post(`/v1/webhooks/endpoints/${webhookEndpoint.id}/test`);
  if (testSend.status !== 202 || typeof testSend.body.id !== "string")
    throw new Error(`setup failed: ${testSend.status} ${JSON.stringify(testSend.body)}`);
  const token = await made(m.api.post("/v1/organization-access-tokens/", { comment: "B's other token", scopes: ["products:read"] }));
  return {
    organizationId: m.organizationId,
    tokenId: token.organization_access_token.id,
    customer: await made(m.api.post("/v1/customers/", { email: "b@example.com", external_id: "b-customer" })),
    product,
    benefit: await made(m.api.post("/v1/benefits/", { type: "custom", description: "B's mug", properties: {} })),
    customField: await made(m.api.post("/v1/custom-fields/", { type: "checkbox", slug: "b-terms", name: "Terms", properties: {} })),
    discount: await made(m.api.post("/v1/discounts/", { type: "percentage", basis_points: 100, duration: "once", name: "B" })),
    checkoutLink: await made(m.api.post("/v1/checkout-links/", { payment_processor: "stripe", products: [product.id] })),
    meter: await made(m.api.post("/v1/meters/", meterBody)),
    file: await uploadedFile(m),
    webhookEndpoint,
    webhookEventId: testSend.body.id,
  };
}

/** What B can read of its own resources; A's attempts must leave every byte of it alone. */
const snapshot = async (b: Merchant, owned: Owned) => {
  const paths = [
    `/v1/organizations/${owned.organizationId}`,
    `/v1/customers/${owned.customer.id}`,
    `/v1/products/${owned.product.id}`,
    `/v1/benefits/${owned.benefit.id}`,
    `/v1/custom-fields/${owned.customField.id}`,
    `/v1/discounts/${owned.discount.id}`,
    `/v1/checkout-links/${owned.checkoutLink.id}`,
    `/v1/meters/${owned.meter.id}`,
    "/v1/files/",
    `/v1/webhooks/endpoints/${owned.webhookEndpoint.id}`,
  ];
  const answers = await Promise.all(paths.map(async (path) => ({ path, ...(await b.api.get(path)), headers: undefined })));
  // The list grows with the tokens this test mints for B, and using a token stamps last_used_at.
  const tokens = await b.api.get("/v1/organization-access-tokens/?limit=100");
  const token = tokens.body.items.find((t: Json) => t.id === owned.tokenId);
  return [...answers, { comment: token?.comment, scopes: token?.scopes, modified_at: token?.modified_at }];
};

describe("tenant isolation across every /v1 operation", () => {
  let acme: Merchant;
  let globex: Merchant;
  let theirs: Owned;
  let before: Awaited<ReturnType<typeof snapshot>>;
  const limitedTokens = new Map<string, string>();

  /** A token of `m` holding every scope except `scopes`: what matters is the scope, not the tenant. */
  const withoutScopes = async (m: Merchant, scopes: Scope[]) => {
    const key = scopes.join(" ");
    if (!limitedTokens.has(key)) {
      limitedTokens.set(key, await m.tokenWithScopes(AVAILABLE_SCOPES.filter((scope) => !scopes.includes(scope))));
    }
    return apiClient(server.url, limitedTokens.get(key));
  };

  beforeAll(async () => {
    acme = await merchant("Acme");
    globex = await merchant("Globex");
    theirs = await ownedBy(globex);
    before = await snapshot(globex, theirs);
  });

  it("has an entry or an exemption for every operation of the live OpenAPI document, and no stale ones", async () => {
    const document = await (await fetch(`${server.url}/v1/openapi.json`)).json();
    const live: string[] = [];
    for (const [path, operations] of Object.entries(document.paths as Record<string, Record<string, unknown>>)) {
      const full = path.startsWith("/v1/") ? path : `/v1${path}`;
      for (const method of Object.keys(operations)) live.push(`${method.toUpperCase()} ${full}`);
    }
    const uncovered = live.filter((operation) => !(operation in routes) && !(operation in exempt));
    expect(uncovered, "add these operations to the isolation table (or exempt them, saying why)").toEqual([]);
    const stale = [...Object.keys(routes), ...Object.keys(exempt)].filter((operation) => !live.includes(operation));
    expect(stale).toEqual([]);
  });

  it.each(Object.entries(routes))("%s", async (operation, route) => {
    const [method, template] = operation.split(" ") as [string, string];
    const path = route.path?.(theirs) ?? template;
    const body = route.body?.(theirs);

    if (route.kind === "item") {
      const answer = await acme.api.request(method, path, body);
      expect(answer.status, `A's token on B's resource: ${JSON.stringify(answer.body)}`).toBe(404);
      expect(answer.body).toMatchObject({ error: "ResourceNotFound" });
    }
    if (route.kind === "list") {
      const answer = await acme.api.get(path);
      expect(answer.status).toBe(200);
      const ids = answer.body.items.map((item: Json) => item.id);
      for (const id of route.listed?.(theirs) ?? []) expect(ids).not.toContain(id);
      const named = await acme.api.get(`${path}?organization_id=${theirs.organizationId}`);
      expect(named.status).toBe(422);
      expect(named.body.detail[0]).toMatchObject({ loc: ["query", "organization_id"], type: expect.any(String) });
    }
    if (route.foreign) {
      const answer = await acme.api.request(method, path, route.foreign(theirs));
      expect(answer.status, JSON.stringify(answer.body)).toBe(422);
      expect(answer.body.detail[0]).toMatchObject({ loc: expect.arrayContaining(["body"]), msg: expect.any(String) });
    }

    // B's own token on B's own resource: only the missing scope can be what refuses it.
    const limited = await withoutScopes(globex, route.scopes);
    const refused = await limited.request(method, path, body);
    expect(refused.status, JSON.stringify(refused.body)).toBe(403);
    expect(refused.body).toMatchObject({ error: "insufficient_scope" });
    const named = /scope="([^"]*)"/.exec(refused.headers.get("www-authenticate") ?? "")?.[1]?.split(" ") ?? [];
    expect(named.sort()).toEqual([...route.scopes].sort());
  });

  it("left every resource of B exactly as it was", async () => {
    expect(await snapshot(globex, theirs)).toEqual(before);
    // The second organization made nothing in the first one either.
    expect((await acme.api.get("/v1/products/")).body.items).toEqual([]);
  });
});
