import { describe, expect, it } from "vitest";
import { apiClient, dashboardApi, useBillingServer } from "../support/billing.ts";
import { memberWithRole } from "../support/organizations.ts";

const { server, merchant } = useBillingServer();

describe("/v1 authentication", () => {
  it("answers 401 Unauthorized without credentials", async () => {
    const answer = await apiClient(server.url).get("/v1/organization-access-tokens/");
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ error: "Unauthorized", detail: "Not authenticated" });
    expect(answer.headers.get("www-authenticate")).toContain("Bearer");
  });

  it("answers 401 invalid_token to an unknown, malformed or expired token", async () => {
    const acme = await merchant();
    for (const header of ["Bearer polar_oat_nope", "Bearer gate_something", "Basic abc"]) {
      const response = await fetch(`${server.url}/v1/organization-access-tokens/`, { headers: { authorization: header } });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ error: "invalid_token" });
    }
    const created = await acme.sdk.organizationAccessTokens.create({
      comment: "short",
      scopes: ["organization_access_tokens:read"],
      expiresIn: "PT1H",
    });
    const shortLived = apiClient(server.url, created.token);
    expect((await shortLived.get("/v1/organization-access-tokens/")).status).toBe(200);
    await server.deps.db
      .updateTable("organization_access_token")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", created.organizationAccessToken.id)
      .execute();
    expect((await shortLived.get("/v1/organization-access-tokens/")).body).toMatchObject({ error: "invalid_token" });
  });

  it("records when a token was last used", async () => {
    const acme = await merchant();
    const created = await acme.sdk.organizationAccessTokens.create({ comment: "used", scopes: ["organization_access_tokens:read"] });
    expect(created.organizationAccessToken.lastUsedAt).toBeNull();
    await apiClient(server.url, created.token).get("/v1/organization-access-tokens/");
    const listed = await acme.sdk.organizationAccessTokens.list({ limit: 100 });
    const used = listed.result.items.find((t) => t.id === created.organizationAccessToken.id);
    expect(used?.lastUsedAt).toBeInstanceOf(Date);
  });

  it("answers 403 insufficient_scope, naming the scopes that would do", async () => {
    const acme = await merchant();
    const limited = apiClient(server.url, await acme.tokenWithScopes(["products:read"]));
    const answer = await limited.get("/v1/organization-access-tokens/");
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ error: "insufficient_scope" });
    expect(answer.headers.get("www-authenticate")).toContain('scope="organization_access_tokens:read organization_access_tokens:write"');
  });

  it("refuses a customer session token on merchant routes", async () => {
    const answer = await apiClient(server.url, "polar_cst_whatever").get("/v1/organization-access-tokens/");
    expect(answer.status).toBe(401);
  });

  it("accepts SDK 1.x's Polar-Version header, and its Polar-Organization header only for the token's own organization", async () => {
    const acme = await merchant();
    const globex = await merchant("Globex");
    const own = await apiClient(server.url, acme.token, { "Polar-Version": "2026-04", "Polar-Organization": acme.organizationId }).get(
      "/v1/organization-access-tokens/",
    );
    expect(own.status).toBe(200);
    const other = await apiClient(server.url, acme.token, { "Polar-Organization": globex.organizationId }).get(
      "/v1/organization-access-tokens/",
    );
    expect(other.status).toBe(422);
    expect(other.body.detail[0].loc).toEqual(["header", "organization_id"]);
  });
});

describe("/v1 with the dashboard's session cookie", () => {
  it("acts for the active organization with the member's role: owners write, members only read", async () => {
    const acme = await merchant();
    const member = await memberWithRole(server, acme.organizationId, "member");
    const asMember = dashboardApi(member.client);
    expect((await asMember.get("/v1/organization-access-tokens/")).status).toBe(200);
    const write = await asMember.post("/v1/organization-access-tokens/", { comment: "x", scopes: ["products:read"] });
    expect(write.status).toBe(403);
    expect(write.body).toEqual({ error: "NotPermitted", detail: "Your role in this organization does not allow this." });

    const admin = await memberWithRole(server, acme.organizationId, "member,admin");
    expect(
      (await dashboardApi(admin.client).post("/v1/organization-access-tokens/", { comment: "x", scopes: ["products:read"] })).status,
    ).toBe(201);
  });

  it("refuses an organization the user is not a member of", async () => {
    const acme = await merchant();
    const globex = await merchant("Globex");
    const answer = await acme.dashboard.get(`/v1/organization-access-tokens/?organization_id=${globex.organizationId}`);
    expect(answer.status).toBe(403);
    expect(answer.body.error).toBe("NotPermitted");
  });

  it("refuses a cookie-authenticated write from another origin", async () => {
    const acme = await merchant();
    const cookie = [...acme.owner.client.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    const response = await fetch(`${server.url}/v1/organization-access-tokens/`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: "https://evil.example", cookie },
      body: JSON.stringify({ comment: "x", scopes: ["products:read"] }),
    });
    expect(response.status).toBe(403);
  });
});

describe("/v1 conventions", () => {
  it("answers unknown paths with Polar's 404 shape", async () => {
    const acme = await merchant();
    const answer = await acme.api.get("/v1/no-such-thing/");
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ error: "ResourceNotFound", detail: "Not found" });
  });

  it("answers 422 for malformed JSON and for out-of-range paging", async () => {
    const acme = await merchant();
    const response = await fetch(`${server.url}/v1/organization-access-tokens/`, {
      method: "POST",
      headers: { authorization: `Bearer ${acme.token}`, "content-type": "application/json" },
      body: "{not json",
    });
    expect(response.status).toBe(422);
    expect((await response.json()).detail[0]).toMatchObject({ loc: ["body"], type: "json_invalid" });
    const paging = await acme.api.get("/v1/organization-access-tokens/?limit=101&page=0");
    expect(paging.status).toBe(422);
    expect(paging.body.detail.map((d: { loc: string[] }) => d.loc)).toEqual(
      expect.arrayContaining([
        ["query", "limit"],
        ["query", "page"],
      ]),
    );
    const sorting = await acme.api.get("/v1/organization-access-tokens/?sorting=-secret");
    expect(sorting.status).toBe(422);
    expect(sorting.body.detail[0].loc).toEqual(["query", "sorting", 0]);
  });

  it("publishes the OpenAPI document of every /v1 route at /v1/openapi.json", async () => {
    const response = await fetch(`${server.url}/v1/openapi.json`);
    expect(response.status).toBe(200);
    const document = await response.json();
    expect(document.openapi).toBe("3.1.0");
    const create = document.paths["/v1/organization-access-tokens/"].post;
    expect(create.operationId).toBe("organization_access_tokens:create");
    expect(Object.keys(create.responses)).toContain("201");
    expect(document.components.schemas.OrganizationAccessToken.required).toContain("last_used_at");
  });
});
