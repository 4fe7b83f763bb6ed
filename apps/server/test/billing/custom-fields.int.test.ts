import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { apiClient, type Merchant, useBillingServer } from "../support/billing.ts";

const { server, merchant } = useBillingServer();

const count = async (m: Merchant) => (await m.api.get("/v1/custom-fields/")).body.pagination.total_count as number;

describe("POST /v1/custom-fields/", () => {
  it("creates each of the five field types through SDK 0.47 and reads them back", async () => {
    const acme = await merchant();
    const text = await acme.sdk.customFields.create({
      type: "text",
      slug: "company_name",
      name: "Company",
      metadata: { source: "checkout" },
      properties: {
        formLabel: "Your company",
        formHelpText: "As on invoices",
        formPlaceholder: "Acme Inc.",
        textarea: false,
        minLength: 2,
        maxLength: 80,
      },
    });
    expect(text).toMatchObject({
      type: "text",
      slug: "company_name",
      name: "Company",
      organizationId: acme.organizationId,
      metadata: { source: "checkout" },
      modifiedAt: null,
    });
    expect(text.properties).toEqual({
      formLabel: "Your company",
      formHelpText: "As on invoices",
      formPlaceholder: "Acme Inc.",
      textarea: false,
      minLength: 2,
      maxLength: 80,
    });

    const number = await acme.sdk.customFields.create({ type: "number", slug: "seats", name: "Seats", properties: { ge: 1, le: 500 } });
    expect(number.properties).toEqual({ ge: 1, le: 500 });
    const date = await acme.sdk.customFields.create({
      type: "date",
      slug: "birthday",
      name: "Birthday",
      properties: { ge: 0, le: 1_900_000_000 },
    });
    expect(date.properties).toEqual({ ge: 0, le: 1_900_000_000 });
    const checkbox = await acme.sdk.customFields.create({
      type: "checkbox",
      slug: "terms",
      name: "Terms",
      properties: { formLabel: "I agree" },
    });
    expect(checkbox.properties).toEqual({ formLabel: "I agree" });
    const select = await acme.sdk.customFields.create({
      type: "select",
      slug: "size",
      name: "Size",
      properties: {
        options: [
          { value: "s", label: "Small" },
          { value: "l", label: "Large" },
        ],
      },
    });
    expect(select.properties).toEqual({
      options: [
        { value: "s", label: "Small" },
        { value: "l", label: "Large" },
      ],
    });

    for (const created of [text, number, date, checkbox, select]) {
      expect(await acme.sdk.customFields.get({ id: created.id })).toEqual(created);
    }
  });

  it("creates, gets and lists through SDK 1.x", async () => {
    const acme = await merchant();
    const created = (await acme.sdk1.customFields.create({ type: "checkbox", slug: "newsletter", name: "Newsletter", properties: {} })) as {
      id: string;
    };
    expect(await acme.sdk1.customFields.get(created.id)).toMatchObject({
      id: created.id,
      type: "checkbox",
      slug: "newsletter",
      properties: {},
    });
    const listed = await acme.sdk1.customFields.list({ type: "checkbox" });
    expect(listed.items.map((f: { id: string }) => f.id)).toEqual([created.id]);
  });

  it("returns 422 for each type's bad properties, a bad slug or a taken slug, and creates nothing", async () => {
    const acme = await merchant();
    const bad: [unknown, (string | number)[]][] = [
      [{ type: "text", slug: "Bad Slug", name: "X", properties: {} }, ["body", "slug"]],
      [{ type: "text", slug: "x", name: "", properties: {} }, ["body", "name"]],
      [{ type: "color", slug: "x", name: "X", properties: {} }, ["body", "type"]],
      [{ type: "text", slug: "x", name: "X", properties: { min_length: 10, max_length: 5 } }, ["body", "properties", "max_length"]],
      [{ type: "text", slug: "x", name: "X", properties: { min_length: -1 } }, ["body", "properties", "min_length"]],
      [{ type: "text", slug: "x", name: "X", properties: { form_label: "" } }, ["body", "properties", "form_label"]],
      [{ type: "number", slug: "x", name: "X", properties: { ge: 10, le: 1 } }, ["body", "properties", "le"]],
      [{ type: "number", slug: "x", name: "X", properties: { ge: 1.5 } }, ["body", "properties", "ge"]],
      [{ type: "date", slug: "x", name: "X", properties: { ge: 2_000_000_000, le: 0 } }, ["body", "properties", "le"]],
      [{ type: "select", slug: "x", name: "X", properties: { options: [] } }, ["body", "properties", "options"]],
      [{ type: "select", slug: "x", name: "X", properties: {} }, ["body", "properties", "options"]],
      [
        {
          type: "select",
          slug: "x",
          name: "X",
          properties: {
            options: [
              { value: "a", label: "A" },
              { value: "a", label: "B" },
            ],
          },
        },
        ["body", "properties", "options", 1, "value"],
      ],
      [
        { type: "select", slug: "x", name: "X", properties: { options: [{ value: "", label: "A" }] } },
        ["body", "properties", "options", 0, "value"],
      ],
    ];
    for (const [body, loc] of bad) {
      const answer = await acme.api.post("/v1/custom-fields/", body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(
        answer.body.detail.map((d: { loc: unknown }) => d.loc),
        JSON.stringify(body),
      ).toContainEqual(loc);
    }
    expect(await count(acme)).toBe(0);

    await acme.sdk.customFields.create({ type: "checkbox", slug: "terms", name: "Terms", properties: {} });
    const taken = await acme.api.post("/v1/custom-fields/", { type: "text", slug: "terms", name: "Other", properties: {} });
    expect(taken.status).toBe(422);
    expect(taken.body.detail[0].loc).toEqual(["body", "slug"]);
    expect(await count(acme)).toBe(1);
    // Slugs are unique per organization only.
    const other = await merchant("Other");
    expect((await other.api.post("/v1/custom-fields/", { type: "text", slug: "terms", name: "Terms", properties: {} })).status).toBe(201);
  });

  it("returns 403 for a token without custom_fields:write", async () => {
    const acme = await merchant();
    const reader = apiClient(server.url, await acme.tokenWithScopes(["custom_fields:read"]));
    const answer = await reader.post("/v1/custom-fields/", { type: "checkbox", slug: "x", name: "X", properties: {} });
    expect(answer.status).toBe(403);
    expect(await count(acme)).toBe(0);
  });
});

describe("GET /v1/custom-fields/", () => {
  it("filters by type, query and metadata, sorts and paginates through SDK 0.47", async () => {
    const acme = await merchant();
    const company = await acme.sdk.customFields.create({
      type: "text",
      slug: "company",
      name: "Company name",
      properties: {},
      metadata: { step: 1 },
    });
    const seats = await acme.sdk.customFields.create({ type: "number", slug: "seats", name: "Number of seats", properties: {} });
    const vat = await acme.sdk.customFields.create({ type: "text", slug: "vat", name: "VAT number", properties: {} });

    const all = await acme.sdk.customFields.list({});
    expect(all.result.items.map((f) => f.slug)).toEqual(["company", "seats", "vat"]);
    const byType = await acme.sdk.customFields.list({ typeFilter: "text", sorting: ["-slug"] });
    expect(byType.result.items.map((f) => f.id)).toEqual([vat.id, company.id]);
    const byQuery = await acme.sdk.customFields.list({ query: "NUMBER", sorting: ["name"] });
    expect(byQuery.result.items.map((f) => f.id)).toEqual([seats.id, vat.id]);
    const bySlugQuery = await acme.sdk.customFields.list({ query: "comp" });
    expect(bySlugQuery.result.items.map((f) => f.id)).toEqual([company.id]);
    const byMetadata = await acme.api.get("/v1/custom-fields/?metadata[step]=1");
    expect(byMetadata.body.items.map((f: { id: string }) => f.id)).toEqual([company.id]);

    const page = await acme.sdk.customFields.list({ limit: 2, page: 2, sorting: ["type", "slug"] });
    expect(page.result.pagination).toEqual({ totalCount: 3, maxPage: 2 });
    expect(page.result.items.map((f) => f.id)).toEqual([vat.id]);
    expect((await acme.api.get("/v1/custom-fields/?sorting=label")).status).toBe(422);
  });

  it("never shows another organization's fields, and answers 403 without a custom fields scope", async () => {
    const acme = await merchant();
    const other = await merchant("Other");
    await other.sdk.customFields.create({ type: "checkbox", slug: "theirs", name: "Theirs", properties: {} });
    const mine = await acme.sdk.customFields.create({ type: "checkbox", slug: "mine", name: "Mine", properties: {} });
    expect((await acme.sdk.customFields.list({})).result.items.map((f) => f.id)).toEqual([mine.id]);
    const stranger = apiClient(server.url, await acme.tokenWithScopes(["benefits:read"]));
    expect((await stranger.get("/v1/custom-fields/")).status).toBe(403);
  });
});

describe("GET /v1/custom-fields/{id}", () => {
  it("answers 404 for another organization's field and for an unknown one", async () => {
    const acme = await merchant();
    const other = await merchant("Other");
    const theirs = await other.sdk.customFields.create({ type: "checkbox", slug: "theirs", name: "Theirs", properties: {} });
    const answer = await acme.api.get(`/v1/custom-fields/${theirs.id}`);
    expect(answer.status).toBe(404);
    expect(answer.body.error).toBe("ResourceNotFound");
    expect((await acme.api.get(`/v1/custom-fields/${randomUUID()}`)).status).toBe(404);
  });
});

describe("PATCH /v1/custom-fields/{id}", () => {
  it("updates name, slug, metadata and properties through SDK 0.47", async () => {
    const acme = await merchant();
    const select = await acme.sdk.customFields.create({
      type: "select",
      slug: "size",
      name: "Size",
      properties: { options: [{ value: "s", label: "Small" }] },
    });
    const updated = await acme.sdk.customFields.update({
      id: select.id,
      customFieldUpdate: {
        type: "select",
        slug: "shirt_size",
        name: "Shirt size",
        metadata: { v: true },
        properties: { options: [{ value: "m", label: "Medium" }] },
      },
    });
    expect(updated).toMatchObject({
      slug: "shirt_size",
      name: "Shirt size",
      metadata: { v: true },
      properties: { options: [{ value: "m", label: "Medium" }] },
    });
    expect(updated.modifiedAt).toBeInstanceOf(Date);
    const renamed = await acme.sdk.customFields.update({ id: select.id, customFieldUpdate: { type: "select", name: "Size again" } });
    expect(renamed).toMatchObject({ slug: "shirt_size", name: "Size again", properties: { options: [{ value: "m", label: "Medium" }] } });
  });

  it("returns 422 when the type differs, the slug is taken or the properties are bad, and changes nothing", async () => {
    const acme = await merchant();
    const text = await acme.sdk.customFields.create({ type: "text", slug: "company", name: "Company", properties: {} });
    await acme.sdk.customFields.create({ type: "text", slug: "vat", name: "VAT", properties: {} });
    const wrongType = await acme.api.patch(`/v1/custom-fields/${text.id}`, { type: "number", name: "Changed" });
    expect(wrongType.status).toBe(422);
    expect(wrongType.body.detail[0].loc).toEqual(["body", "type"]);
    const taken = await acme.api.patch(`/v1/custom-fields/${text.id}`, { type: "text", slug: "vat" });
    expect(taken.status).toBe(422);
    expect(taken.body.detail[0].loc).toEqual(["body", "slug"]);
    const badProperties = await acme.api.patch(`/v1/custom-fields/${text.id}`, {
      type: "text",
      properties: { min_length: 9, max_length: 1 },
    });
    expect(badProperties.status).toBe(422);
    expect(await acme.sdk.customFields.get({ id: text.id })).toEqual(text);
    // Keeping its own slug is no conflict.
    expect((await acme.api.patch(`/v1/custom-fields/${text.id}`, { type: "text", slug: "company" })).status).toBe(200);
  });

  it("answers 404 for another organization's field and 403 for a read-only token", async () => {
    const acme = await merchant();
    const other = await merchant("Other");
    const theirs = await other.sdk.customFields.create({ type: "checkbox", slug: "theirs", name: "Theirs", properties: {} });
    expect((await acme.api.patch(`/v1/custom-fields/${theirs.id}`, { type: "checkbox", name: "Mine" })).status).toBe(404);
    const reader = apiClient(server.url, await other.tokenWithScopes(["custom_fields:read"]));
    expect((await reader.patch(`/v1/custom-fields/${theirs.id}`, { type: "checkbox", name: "Changed" })).status).toBe(403);
    expect((await other.sdk.customFields.get({ id: theirs.id })).name).toBe("Theirs");
  });
});

describe("DELETE /v1/custom-fields/{id}", () => {
  it("deletes through SDK 0.47; the field is gone and its slug free again", async () => {
    const acme = await merchant();
    const field = await acme.sdk.customFields.create({ type: "checkbox", slug: "terms", name: "Terms", properties: {} });
    await acme.sdk.customFields.delete({ id: field.id });
    expect((await acme.api.get(`/v1/custom-fields/${field.id}`)).status).toBe(404);
    expect((await acme.api.post("/v1/custom-fields/", { type: "checkbox", slug: "terms", name: "Terms", properties: {} })).status).toBe(
      201,
    );
  });

  it("answers 404 for another organization's field and 403 for a read-only token, deleting nothing", async () => {
    const acme = await merchant();
    const other = await merchant("Other");
    const theirs = await other.sdk.customFields.create({ type: "checkbox", slug: "theirs", name: "Theirs", properties: {} });
    expect((await acme.api.delete(`/v1/custom-fields/${theirs.id}`)).status).toBe(404);
    const reader = apiClient(server.url, await other.tokenWithScopes(["custom_fields:read"]));
    expect((await reader.delete(`/v1/custom-fields/${theirs.id}`)).status).toBe(403);
    expect(await count(other)).toBe(1);
  });
});
