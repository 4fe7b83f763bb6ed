import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { type ApiAnswer, apiClient, useBillingServer } from "../support/billing.ts";
import { useFileStorage } from "../support/file-storages.ts";
import { uploadFile } from "../support/files.ts";

/**
 * Bad input to the write operations whose domain files test only the happy path: each answers 422 in
 * Polar's shape ({ detail: [{ loc, msg, type }] }) and a follow-up read shows nothing changed.
 */
const { server, merchant } = useBillingServer(useFileStorage("local").env);

// biome-ignore lint/suspicious/noExplicitAny: the API answers JSON.
type Json = any;

function expectPolarValidation(answer: ApiAnswer, loc: (string | number)[]) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(422);
  expect(Object.keys(answer.body)).toEqual(["detail"]);
  for (const issue of answer.body.detail) {
    expect(issue).toEqual({ loc: expect.any(Array), msg: expect.any(String), type: expect.any(String), ...pick(issue, ["input", "ctx"]) });
  }
  expect(answer.body.detail.map((issue: Json) => issue.loc)).toContainEqual(loc);
}

/** Polar's issues may carry `input` and `ctx`; they are allowed, not required. */
const pick = (issue: Json, keys: string[]) => Object.fromEntries(keys.filter((key) => key in issue).map((key) => [key, issue[key]]));

describe("PATCH /v1/organization-access-tokens/{id}", () => {
  it("returns 422 for an unknown scope, no scopes, an empty comment or scopes beyond the caller's, and changes nothing", async () => {
    const acme = await merchant();
    const created = await acme.api.post("/v1/organization-access-tokens/", { comment: "reader", scopes: ["products:read"] });
    const { id } = created.body.organization_access_token;
    const path = `/v1/organization-access-tokens/${id}`;
    expectPolarValidation(await acme.api.patch(path, { scopes: ["everything:write"] }), ["body", "scopes", 0]);
    expectPolarValidation(await acme.api.patch(path, { scopes: [] }), ["body", "scopes"]);
    expectPolarValidation(await acme.api.patch(path, { comment: "" }), ["body", "comment"]);
    const limited = apiClient(server.url, await acme.tokenWithScopes(["organization_access_tokens:write", "products:read"]));
    const escalated = await limited.patch(path, { scopes: ["customers:write"] });
    expectPolarValidation(escalated, ["body", "scopes"]);

    const listed = (await acme.api.get("/v1/organization-access-tokens/?limit=100")).body.items.find((t: Json) => t.id === id);
    expect(listed).toMatchObject({ comment: "reader", scopes: ["products:read"], modified_at: null });
    const holder = apiClient(server.url, created.body.token);
    expect((await holder.get("/v1/products/")).status).toBe(200);
    expect((await holder.get("/v1/customers/")).status).toBe(403);
  });
});

describe("PATCH /v1/files/{id}", () => {
  it("returns 422 for a blank name or an overlong version, and the file keeps its name", async () => {
    const acme = await merchant();
    const { file } = await uploadFile(acme, new Uint8Array(randomBytes(32)), {
      name: "notes.txt",
      mime_type: "text/plain",
      service: "downloadable",
    });
    expectPolarValidation(await acme.api.patch(`/v1/files/${file.id}`, { name: "   " }), ["body", "name"]);
    expectPolarValidation(await acme.api.patch(`/v1/files/${file.id}`, { name: 42 }), ["body", "name"]);
    expectPolarValidation(await acme.api.patch(`/v1/files/${file.id}`, { version: "v".repeat(256) }), ["body", "version"]);
    const [after] = (await acme.api.get("/v1/files/")).body.items;
    expect(after).toEqual(file);
  });
});

describe("PATCH /v1/customers/external/{external_id}", () => {
  it("returns 422 for a bad email, a bad country or metadata keys that are too long, and changes nothing", async () => {
    const acme = await merchant();
    const created = await acme.api.post("/v1/customers/", { email: "ext@example.com", external_id: "user-1", name: "Ext" });
    const path = "/v1/customers/external/user-1";
    expectPolarValidation(await acme.api.patch(path, { email: "not-an-email" }), ["body", "email"]);
    expectPolarValidation(await acme.api.patch(path, { billing_address: { country: "XX" } }), ["body", "billing_address", "country"]);
    expectPolarValidation(await acme.api.patch(path, { metadata: { ["k".repeat(41)]: "v" } }), ["body", "metadata", "k".repeat(41)]);
    expect((await acme.api.get(path)).body).toEqual(created.body);
  });
});

describe("DELETE /v1/customers/{id}", () => {
  it("returns 422 for an anonymize flag that is not a boolean, and deletes nothing", async () => {
    const acme = await merchant();
    const created = await acme.api.post("/v1/customers/", { email: "stay@example.com" });
    expectPolarValidation(await acme.api.delete(`/v1/customers/${created.body.id}?anonymize=maybe`), ["query", "anonymize"]);
    expect((await acme.api.get(`/v1/customers/${created.body.id}`)).body).toEqual(created.body);
  });
});
