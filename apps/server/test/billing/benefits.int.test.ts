import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { apiClient, type Merchant, useBillingServer } from "../support/billing.ts";

const { server, merchant } = useBillingServer();

const now = () => new Date().toISOString();

/** A meter row, written directly: these tests are about benefits, not about the meters API. */
async function meterOf(m: Merchant): Promise<string> {
  const id = randomUUID();
  await server.deps.db
    .insertInto("meter")
    .values({
      id,
      organization_id: m.organizationId,
      name: "API calls",
      unit: "scalar",
      custom_label: null,
      custom_multiplier: null,
      filter: JSON.stringify({ conjunction: "and", clauses: [] }),
      aggregation: JSON.stringify({ func: "count" }),
      metadata: "{}",
      archived_at: null,
      created_at: now(),
      modified_at: null,
    })
    .execute();
  return id;
}

/** A file row, written directly, uploaded or not. */
async function fileOf(m: Merchant, service = "downloadable", uploaded = true): Promise<string> {
  const id = randomUUID();
  await server.deps.db
    .insertInto("file")
    .values({
      id,
      organization_id: m.organizationId,
      service,
      name: "book.pdf",
      path: `${m.organizationId}/${id}/book.pdf`,
      mime_type: "application/pdf",
      size: 1024,
      version: null,
      checksum_etag: null,
      checksum_sha256_base64: null,
      checksum_sha256_hex: null,
      upload_id: randomUUID(),
      upload_parts: "[]",
      is_uploaded: uploaded,
      last_modified_at: null,
      created_at: now(),
      modified_at: null,
    })
    .execute();
  return id;
}

/** A guild token shaped like the one Polar mints when its bot joins a server. */
const guildToken = (guildId: string) => {
  const [header, payload] = [{ alg: "HS256" }, { guild_id: guildId }].map((part) =>
    Buffer.from(JSON.stringify(part)).toString("base64url"),
  );
  return `${header}.${payload}.signature`;
};

const count = async (m: Merchant) => (await m.api.get("/v1/benefits/")).body.pagination.total_count as number;

describe("POST /v1/benefits/", () => {
  it("creates each of the six benefit types through SDK 0.47 and reads them back", async () => {
    const acme = await merchant();
    const meterId = await meterOf(acme);
    const fileId = await fileOf(acme);

    const custom = await acme.sdk.benefits.create({
      type: "custom",
      description: "Priority support",
      properties: { note: "Mail us" },
      metadata: { tier: "gold" },
    });
    expect(custom).toMatchObject({
      type: "custom",
      description: "Priority support",
      properties: { note: "Mail us" },
      metadata: { tier: "gold" },
    });
    expect(custom).toMatchObject({
      organizationId: acme.organizationId,
      selectable: true,
      deletable: true,
      isDeleted: false,
      modifiedAt: null,
    });

    const discord = await acme.sdk.benefits.create({
      type: "discord",
      description: "Discord role",
      properties: { guildToken: guildToken("998877665544"), roleId: "1234", kickMember: true },
    });
    expect(discord.properties).toMatchObject({ guildId: "998877665544", roleId: "1234", kickMember: true });
    // The bot's token is a secret: answers carry a placeholder, and sending it back keeps the token.
    expect(discord.properties).toMatchObject({ guildToken: "[redacted]" });
    const secondDiscord = await acme.sdk.benefits.create({
      type: "discord",
      description: "Another Discord role",
      properties: { guildToken: guildToken("998877665544"), roleId: "1234", kickMember: true },
    });
    const renamed = await acme.api.patch(`/v1/benefits/${secondDiscord.id}`, {
      type: "discord",
      description: "Discord role, renamed",
      properties: { guild_token: "[redacted]", role_id: "5678", kick_member: false },
    });
    expect(renamed.body.properties).toMatchObject({ guild_id: "998877665544", role_id: "5678", guild_token: "[redacted]" });
    const stored = await server.deps.db
      .selectFrom("benefit")
      .select("properties")
      .where("id", "=", secondDiscord.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.properties).guild_token).toBe(guildToken("998877665544"));

    const github = await acme.sdk.benefits.create({
      type: "github_repository",
      description: "Private repo access",
      properties: { repositoryOwner: "acme", repositoryName: "engine", permission: "triage" },
    });
    expect(github.properties).toEqual({ repositoryOwner: "acme", repositoryName: "engine", permission: "triage" });

    const downloadables = await acme.sdk.benefits.create({
      type: "downloadables",
      description: "The e-book",
      properties: { files: [fileId], archived: { [fileId]: false, [randomUUID()]: true } },
    });
    expect(downloadables.properties).toEqual({ files: [fileId], archived: { [fileId]: false } });

    const licenseKeys = await acme.sdk.benefits.create({
      type: "license_keys",
      description: "License key",
      properties: {
        prefix: "ACME",
        expires: { ttl: 1, timeframe: "year" },
        activations: { limit: 3, enableCustomerAdmin: true },
        limitUsage: 100,
      },
    });
    expect(licenseKeys.properties).toEqual({
      prefix: "ACME",
      expires: { ttl: 1, timeframe: "year" },
      activations: { limit: 3, enableCustomerAdmin: true },
      limitUsage: 100,
    });
    const bareKeys = await acme.sdk.benefits.create({ type: "license_keys", description: "Bare keys", properties: {} });
    expect(bareKeys.properties).toEqual({ prefix: null, expires: null, activations: null, limitUsage: null });

    const credit = await acme.sdk.benefits.create({
      type: "meter_credit",
      description: "1000 calls",
      properties: { units: 1000, rollover: true, meterId },
    });
    expect(credit.properties).toEqual({ units: 1000, rollover: true, meterId });

    for (const created of [custom, discord, github, downloadables, licenseKeys, credit]) {
      expect(await acme.sdk.benefits.get({ id: created.id })).toEqual(created);
    }
  });

  it("creates, gets and lists through SDK 1.x", async () => {
    const acme = await merchant();
    const created = (await acme.sdk1.benefits.create({ type: "custom", description: "Sticker pack", properties: {} })) as {
      id: string;
      properties: unknown;
      visibility: string;
    };
    expect(created.properties).toEqual({ note: null });
    expect(created.visibility).toBe("public");
    expect(await acme.sdk1.benefits.get(created.id)).toMatchObject({ id: created.id, description: "Sticker pack", type: "custom" });
    const listed = await acme.sdk1.benefits.list({ type: "custom" });
    expect(listed.items.map((b: { id: string }) => b.id)).toEqual([created.id]);
  });

  it("returns 422 for each type's bad properties and creates nothing", async () => {
    const acme = await merchant();
    const other = await merchant("Other");
    const otherMeter = await meterOf(other);
    const mediaFile = await fileOf(acme, "product_media");
    const pendingFile = await fileOf(acme, "downloadable", false);
    const bad: [unknown, (string | number)[]][] = [
      [{ type: "custom", description: "ab", properties: {} }, ["body", "description"]],
      [{ type: "custom", description: "x".repeat(43), properties: {} }, ["body", "description"]],
      [{ type: "seats", description: "Seats", properties: {} }, ["body", "type"]],
      [
        { type: "discord", description: "Discord", properties: { guild_token: "nonsense", role_id: "1", kick_member: false } },
        ["body", "properties", "guild_token"],
      ],
      [
        { type: "discord", description: "Discord", properties: { guild_token: guildToken("1"), kick_member: false } },
        ["body", "properties", "role_id"],
      ],
      [
        {
          type: "github_repository",
          description: "Repo",
          properties: { repository_owner: "a", repository_name: "b", permission: "owner" },
        },
        ["body", "properties", "permission"],
      ],
      [{ type: "downloadables", description: "Files", properties: { files: [] } }, ["body", "properties", "files"]],
      [{ type: "downloadables", description: "Files", properties: { files: [randomUUID()] } }, ["body", "properties", "files", 0]],
      [{ type: "downloadables", description: "Files", properties: { files: [mediaFile] } }, ["body", "properties", "files", 0]],
      [{ type: "downloadables", description: "Files", properties: { files: [pendingFile] } }, ["body", "properties", "files", 0]],
      [
        { type: "license_keys", description: "Keys", properties: { activations: { limit: 51, enable_customer_admin: false } } },
        ["body", "properties", "activations", "limit"],
      ],
      [
        { type: "license_keys", description: "Keys", properties: { activations: { limit: 0, enable_customer_admin: false } } },
        ["body", "properties", "activations", "limit"],
      ],
      [
        { type: "license_keys", description: "Keys", properties: { expires: { ttl: 0, timeframe: "day" } } },
        ["body", "properties", "expires", "ttl"],
      ],
      [
        { type: "license_keys", description: "Keys", properties: { expires: { ttl: 1, timeframe: "week" } } },
        ["body", "properties", "expires", "timeframe"],
      ],
      [{ type: "license_keys", description: "Keys", properties: { limit_usage: 0 } }, ["body", "properties", "limit_usage"]],
      [
        { type: "meter_credit", description: "Credits", properties: { units: 0, rollover: false, meter_id: otherMeter } },
        ["body", "properties", "units"],
      ],
      [
        { type: "meter_credit", description: "Credits", properties: { units: 5, rollover: false, meter_id: otherMeter } },
        ["body", "properties", "meter_id"],
      ],
    ];
    for (const [body, loc] of bad) {
      const answer = await acme.api.post("/v1/benefits/", body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(
        answer.body.detail.map((d: { loc: unknown }) => d.loc),
        JSON.stringify(body),
      ).toContainEqual(loc);
    }
    expect(await count(acme)).toBe(0);
    const stored = await server.deps.db.selectFrom("benefit").select("id").where("organization_id", "=", acme.organizationId).execute();
    expect(stored).toEqual([]);
  });

  it("returns 403 for a token without benefits:write", async () => {
    const acme = await merchant();
    const reader = apiClient(server.url, await acme.tokenWithScopes(["benefits:read"]));
    const answer = await reader.post("/v1/benefits/", { type: "custom", description: "Support", properties: {} });
    expect(answer.status).toBe(403);
    expect(answer.body.error).toBe("insufficient_scope");
    expect(await count(acme)).toBe(0);
  });
});

describe("GET /v1/benefits/", () => {
  it("filters by type, query, id, exclude_id and metadata, sorts and paginates through SDK 0.47", async () => {
    const acme = await merchant();
    const alpha = await acme.sdk.benefits.create({
      type: "custom",
      description: "Alpha support",
      properties: {},
      metadata: { plan: "pro" },
    });
    const beta = await acme.sdk.benefits.create({ type: "license_keys", description: "Beta keys", properties: {} });
    const gamma = await acme.sdk.benefits.create({
      type: "custom",
      description: "Gamma 50%_off",
      properties: {},
      metadata: { plan: "free" },
    });

    const byType = await acme.sdk.benefits.list({ typeFilter: "custom", sorting: ["description"] });
    expect(byType.result.items.map((b) => b.id)).toEqual([alpha.id, gamma.id]);
    const byQuery = await acme.sdk.benefits.list({ query: "SUPPORT" });
    expect(byQuery.result.items.map((b) => b.id)).toEqual([alpha.id]);
    const literal = await acme.sdk.benefits.list({ query: "%_" });
    expect(literal.result.items.map((b) => b.id)).toEqual([gamma.id]);
    const byIds = await acme.sdk.benefits.list({ id: [alpha.id, beta.id], excludeId: alpha.id });
    expect(byIds.result.items.map((b) => b.id)).toEqual([beta.id]);
    const byMetadata = await acme.sdk.benefits.list({ metadata: { plan: "pro" } });
    expect(byMetadata.result.items.map((b) => b.id)).toEqual([alpha.id]);

    const page = await acme.sdk.benefits.list({ limit: 2, page: 2, sorting: ["-description"] });
    expect(page.result.pagination).toEqual({ totalCount: 3, maxPage: 2 });
    expect(page.result.items.map((b) => b.id)).toEqual([alpha.id]);
    const bad = await acme.api.get("/v1/benefits/?sorting=price");
    expect(bad.status).toBe(422);
  });

  it("never shows another organization's benefits, and answers 403 without a benefits scope", async () => {
    const acme = await merchant();
    const other = await merchant("Other");
    await other.sdk.benefits.create({ type: "custom", description: "Theirs", properties: {} });
    const mine = await acme.sdk.benefits.create({ type: "custom", description: "Mine", properties: {} });
    const listed = await acme.sdk.benefits.list({});
    expect(listed.result.items.map((b) => b.id)).toEqual([mine.id]);
    const stranger = apiClient(server.url, await acme.tokenWithScopes(["products:read"]));
    expect((await stranger.get("/v1/benefits/")).status).toBe(403);
    const reader = apiClient(server.url, await acme.tokenWithScopes(["benefits:read"]));
    expect((await reader.get("/v1/benefits/")).body.items).toHaveLength(1);
  });
});

describe("GET /v1/benefits/{id}", () => {
  it("answers 404 for another organization's benefit and for an unknown one", async () => {
    const acme = await merchant();
    const other = await merchant("Other");
    const theirs = await other.sdk.benefits.create({ type: "custom", description: "Theirs", properties: {} });
    const answer = await acme.api.get(`/v1/benefits/${theirs.id}`);
    expect(answer.status).toBe(404);
    expect(answer.body.error).toBe("ResourceNotFound");
    expect((await acme.api.get(`/v1/benefits/${randomUUID()}`)).status).toBe(404);
  });
});

describe("PATCH /v1/benefits/{id}", () => {
  it("updates description, metadata and properties through SDK 0.47", async () => {
    const acme = await merchant();
    const meterId = await meterOf(acme);
    const keys = await acme.sdk.benefits.create({ type: "license_keys", description: "Keys", properties: { prefix: "OLD" } });
    const updated = await acme.sdk.benefits.update({
      id: keys.id,
      requestBody: {
        type: "license_keys",
        description: "New keys",
        metadata: { v: 2 },
        properties: { activations: { limit: 50, enableCustomerAdmin: false } },
      },
    });
    expect(updated).toMatchObject({ description: "New keys", metadata: { v: 2 } });
    expect(updated.properties).toEqual({
      prefix: null,
      expires: null,
      activations: { limit: 50, enableCustomerAdmin: false },
      limitUsage: null,
    });
    expect(updated.modifiedAt).toBeInstanceOf(Date);

    const credit = await acme.sdk.benefits.create({
      type: "meter_credit",
      description: "Credits",
      properties: { units: 10, rollover: false, meterId },
    });
    const more = await acme.sdk.benefits.update({
      id: credit.id,
      requestBody: { type: "meter_credit", properties: { units: 20, rollover: true, meterId } },
    });
    expect(more).toMatchObject({ description: "Credits", properties: { units: 20, rollover: true, meterId } });
  });

  it("returns 422 when the type differs or the properties are bad, and changes nothing", async () => {
    const acme = await merchant();
    const meterId = await meterOf(acme);
    const credit = await acme.sdk.benefits.create({
      type: "meter_credit",
      description: "Credits",
      properties: { units: 10, rollover: false, meterId },
    });
    const wrongType = await acme.api.patch(`/v1/benefits/${credit.id}`, { type: "custom", description: "Changed" });
    expect(wrongType.status).toBe(422);
    expect(wrongType.body.detail[0].loc).toEqual(["body", "type"]);
    const unknownMeter = await acme.api.patch(`/v1/benefits/${credit.id}`, {
      type: "meter_credit",
      description: "Changed",
      properties: { units: 1, rollover: false, meter_id: randomUUID() },
    });
    expect(unknownMeter.status).toBe(422);
    expect(unknownMeter.body.detail[0].loc).toEqual(["body", "properties", "meter_id"]);
    expect(await acme.sdk.benefits.get({ id: credit.id })).toEqual(credit);
  });

  it("answers 404 for another organization's benefit and 403 for a read-only token", async () => {
    const acme = await merchant();
    const other = await merchant("Other");
    const theirs = await other.sdk.benefits.create({ type: "custom", description: "Theirs", properties: {} });
    expect((await acme.api.patch(`/v1/benefits/${theirs.id}`, { type: "custom", description: "Mine now" })).status).toBe(404);
    const reader = apiClient(server.url, await other.tokenWithScopes(["benefits:read"]));
    expect((await reader.patch(`/v1/benefits/${theirs.id}`, { type: "custom", description: "Changed" })).status).toBe(403);
    expect((await other.sdk.benefits.get({ id: theirs.id })).description).toBe("Theirs");
  });
});

describe("DELETE /v1/benefits/{id}", () => {
  it("deletes through SDK 0.47; the benefit is then gone", async () => {
    const acme = await merchant();
    const benefit = await acme.sdk.benefits.create({ type: "custom", description: "Short-lived", properties: {} });
    await acme.sdk.benefits.delete({ id: benefit.id });
    expect((await acme.api.get(`/v1/benefits/${benefit.id}`)).status).toBe(404);
    expect(await count(acme)).toBe(0);
  });

  it("answers 404 for another organization's benefit and 403 for a read-only token, deleting nothing", async () => {
    const acme = await merchant();
    const other = await merchant("Other");
    const theirs = await other.sdk.benefits.create({ type: "custom", description: "Theirs", properties: {} });
    expect((await acme.api.delete(`/v1/benefits/${theirs.id}`)).status).toBe(404);
    const reader = apiClient(server.url, await other.tokenWithScopes(["benefits:read"]));
    expect((await reader.delete(`/v1/benefits/${theirs.id}`)).status).toBe(403);
    expect(await count(other)).toBe(1);
  });
});

describe("GET /v1/benefits/{id}/grants", () => {
  it("answers an empty page of grants through SDK 0.47, and 404 for another organization's benefit", async () => {
    const acme = await merchant();
    const other = await merchant("Other");
    const benefit = await acme.sdk.benefits.create({ type: "custom", description: "Support", properties: {} });
    const grants = await acme.sdk.benefits.grants({ id: benefit.id, isGranted: true });
    expect(grants.result).toEqual({ items: [], pagination: { totalCount: 0, maxPage: 0 } });
    expect((await other.api.get(`/v1/benefits/${benefit.id}/grants`)).status).toBe(404);
  });
});
