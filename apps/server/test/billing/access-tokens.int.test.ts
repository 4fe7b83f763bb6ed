import { describe, expect, it } from "vitest";
import { apiClient, useBillingServer } from "../support/billing.ts";

const { server, merchant } = useBillingServer();

describe("POST /v1/organization-access-tokens/", () => {
  it("creates a token shown once, which then authenticates the API", async () => {
    const acme = await merchant();
    const created = await acme.sdk.organizationAccessTokens.create({ comment: "CI", scopes: ["products:read"], expiresIn: "P30D" });
    expect(created.token).toMatch(/^polar_oat_[A-Za-z0-9_-]{40,}$/);
    expect(created.organizationAccessToken).toMatchObject({
      comment: "CI",
      scopes: ["products:read"],
      organizationId: acme.organizationId,
      lastUsedAt: null,
    });
    const days = ((created.organizationAccessToken.expiresAt?.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);

    const list = await apiClient(server.url, created.token).get("/v1/organization-access-tokens/");
    expect(list.status).toBe(403);
    const stored = await server.deps.db
      .selectFrom("organization_access_token")
      .select("token_hash")
      .where("id", "=", created.organizationAccessToken.id)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(created.token);
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("returns 422 in Polar's shape for an unknown scope, an empty comment or a bad duration, and creates nothing", async () => {
    const acme = await merchant();
    const before = (await acme.api.get("/v1/organization-access-tokens/")).body.pagination.total_count;
    const unknownScope = await acme.api.post("/v1/organization-access-tokens/", { comment: "x", scopes: ["everything:write"] });
    expect(unknownScope.status).toBe(422);
    expect(unknownScope.body.detail[0]).toMatchObject({ loc: ["body", "scopes", 0], type: "enum" });
    const missingComment = await acme.api.post("/v1/organization-access-tokens/", { scopes: ["products:read"] });
    expect(missingComment.body.detail).toEqual([{ loc: ["body", "comment"], msg: "Field required", type: "missing" }]);
    const badDuration = await acme.api.post("/v1/organization-access-tokens/", {
      comment: "x",
      scopes: ["products:read"],
      expires_in: "soon",
    });
    expect(badDuration.status).toBe(422);
    expect(badDuration.body.detail[0].loc).toEqual(["body", "expires_in"]);
    expect((await acme.api.get("/v1/organization-access-tokens/")).body.pagination.total_count).toBe(before);
  });

  it("refuses a token granting scopes it does not hold itself", async () => {
    const acme = await merchant();
    const limited = apiClient(server.url, await acme.tokenWithScopes(["organization_access_tokens:write"]));
    const escalated = await limited.post("/v1/organization-access-tokens/", { comment: "x", scopes: ["customers:write"] });
    expect(escalated.status).toBe(422);
    expect(escalated.body.detail[0].msg).toContain("customers:write");
    const same = await limited.post("/v1/organization-access-tokens/", { comment: "x", scopes: ["organization_access_tokens:write"] });
    expect(same.status).toBe(201);
  });

  it("answers 415 to a body that is not JSON", async () => {
    const acme = await merchant();
    const response = await fetch(`${server.url}/v1/organization-access-tokens/`, {
      method: "POST",
      headers: { authorization: `Bearer ${acme.token}`, "content-type": "application/x-www-form-urlencoded" },
      body: "comment=x&scopes=products:read",
    });
    expect(response.status).toBe(415);
  });
});

describe("GET /v1/organization-access-tokens/", () => {
  it("lists the organization's tokens with pagination and sorting, never another organization's", async () => {
    const acme = await merchant();
    const globex = await merchant("Globex");
    for (const comment of ["b", "a", "c"]) await acme.tokenWithScopes(["products:read"], comment);
    const page = await acme.sdk.organizationAccessTokens.list({ limit: 2, sorting: ["comment"] });
    expect(page.result.pagination).toEqual({ totalCount: 4, maxPage: 2 });
    expect(page.result.items.map((t) => t.comment)).toEqual(["a", "all scopes"]);
    // SDK 1.x has no access-token resource; the second page through the wire.
    const second = await acme.api.get("/v1/organization-access-tokens/?page=2&limit=2&sorting=comment");
    expect(second.body.items.map((t: { comment: string }) => t.comment)).toEqual(["b", "c"]);
    const globexList = await globex.api.get("/v1/organization-access-tokens/");
    expect(globexList.body.items.map((t: { comment: string }) => t.comment)).toEqual(["all scopes"]);
  });

  it("returns 422 when the token names another organization", async () => {
    const acme = await merchant();
    const globex = await merchant("Globex");
    const answer = await acme.api.get(`/v1/organization-access-tokens/?organization_id=${globex.organizationId}`);
    expect(answer.status).toBe(422);
    expect(answer.body.detail[0].loc).toEqual(["query", "organization_id"]);
  });
});

describe("PATCH and DELETE /v1/organization-access-tokens/{id}", () => {
  it("updates comment and scopes, and a deleted token stops working", async () => {
    const acme = await merchant();
    const created = await acme.sdk.organizationAccessTokens.create({ comment: "old", scopes: ["products:read"] });
    const id = created.organizationAccessToken.id;
    const updated = await acme.sdk.organizationAccessTokens.update({
      id,
      organizationAccessTokenUpdate: { comment: "new", scopes: ["customers:read"] },
    });
    expect(updated).toMatchObject({ comment: "new", scopes: ["customers:read"] });
    expect(updated.modifiedAt).toBeInstanceOf(Date);
    const user = apiClient(server.url, created.token);
    expect((await user.get("/v1/organization-access-tokens/")).status).toBe(403);

    await acme.sdk.organizationAccessTokens.delete({ id });
    const after = await user.get("/v1/organization-access-tokens/");
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ error: "invalid_token" });
  });

  it("answers 404 for another organization's token and leaves it alone", async () => {
    const acme = await merchant();
    const globex = await merchant("Globex");
    const theirs = (await globex.sdk.organizationAccessTokens.create({ comment: "theirs", scopes: ["products:read"] }))
      .organizationAccessToken.id;
    const patch = await acme.api.patch(`/v1/organization-access-tokens/${theirs}`, { comment: "mine now" });
    expect(patch.status).toBe(404);
    expect(patch.body).toEqual({ error: "ResourceNotFound", detail: "Not found" });
    expect((await acme.api.delete(`/v1/organization-access-tokens/${theirs}`)).status).toBe(404);
    const list = await globex.api.get("/v1/organization-access-tokens/");
    expect(list.body.items.map((t: { comment: string }) => t.comment)).toContain("theirs");
  });
});
