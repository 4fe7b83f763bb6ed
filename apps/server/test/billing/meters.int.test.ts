import { describe, expect, it } from "vitest";
import { apiClient, type Merchant, useBillingServer } from "../support/billing.ts";

const { server, merchant } = useBillingServer();

const apiCalls = {
  name: "API calls",
  filter: {
    conjunction: "and" as const,
    clauses: [
      { property: "name", operator: "eq" as const, value: "api.call" },
      { conjunction: "or" as const, clauses: [{ property: "tier", operator: "ne" as const, value: "free" }] },
    ],
  },
  aggregation: { func: "count" as const },
};

const createMeter = (m: Merchant, body: Record<string, unknown> = {}) => m.api.post("/v1/meters/", { ...apiCalls, ...body });

describe("POST /v1/meters/", () => {
  it("creates a meter with a nested filter and an aggregation (SDK 0.47)", async () => {
    const acme = await merchant();
    const meter = await acme.sdk.meters.create({
      name: "Tokens used",
      unit: "token",
      filter: apiCalls.filter,
      aggregation: { func: "sum", property: "tokens" },
      metadata: { team: "ai", weight: 2 },
    });
    expect(meter).toMatchObject({
      name: "Tokens used",
      unit: "token",
      organizationId: acme.organizationId,
      aggregation: { func: "sum", property: "tokens" },
      filter: apiCalls.filter,
      metadata: { team: "ai", weight: 2 },
      archivedAt: null,
      modifiedAt: null,
    });
    expect(meter.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("creates through SDK 1.x, defaulting the unit to scalar, and takes unique aggregations", async () => {
    const acme = await merchant();
    const meter = await acme.sdk1.meters.create({
      name: "Active users",
      filter: { conjunction: "and", clauses: [] },
      aggregation: { func: "unique", property: "user_id" },
    });
    expect(meter).toMatchObject({
      name: "Active users",
      unit: "scalar",
      custom_label: null,
      custom_multiplier: null,
      aggregation: { func: "unique", property: "user_id" },
    });
  });

  it("returns 422 with a precise loc for a bad operator, an empty property or a missing aggregation property, and creates nothing", async () => {
    const acme = await merchant();
    const badOperator = await createMeter(acme, {
      filter: { conjunction: "and", clauses: [{ conjunction: "or", clauses: [{ property: "x", operator: "contains", value: 1 }] }] },
    });
    expect(badOperator.status).toBe(422);
    expect(badOperator.body.detail.map((d: { loc: unknown }) => d.loc)).toEqual([
      ["body", "filter", "clauses", 0, "clauses", 0, "operator"],
    ]);
    const emptyProperty = await createMeter(acme, {
      filter: { conjunction: "and", clauses: [{ property: "", operator: "eq", value: 1 }] },
    });
    expect(emptyProperty.body.detail.map((d: { loc: unknown }) => d.loc)).toEqual([["body", "filter", "clauses", 0, "property"]]);
    const noProperty = await createMeter(acme, { aggregation: { func: "sum" } });
    expect(noProperty.body.detail[0]).toMatchObject({ loc: ["body", "aggregation", "property"], type: "missing" });
    const badFunc = await createMeter(acme, { aggregation: { func: "median", property: "x" } });
    expect(badFunc.status).toBe(422);
    const customWithoutLabel = await createMeter(acme, { unit: "custom" });
    expect(customWithoutLabel.body.detail[0].loc).toEqual(["body", "custom_label"]);
    const shortName = await createMeter(acme, { name: "ab" });
    expect(shortName.body.detail[0].loc).toEqual(["body", "name"]);
    expect((await acme.api.get("/v1/meters/")).body.pagination.total_count).toBe(0);
  });

  it("returns 422 for filters nested deeper than three levels", async () => {
    const acme = await merchant();
    const leaf = { property: "a", operator: "eq", value: 1 };
    const deep = {
      conjunction: "and",
      clauses: [{ conjunction: "or", clauses: [{ conjunction: "and", clauses: [{ conjunction: "or", clauses: [leaf] }] }] }],
    };
    const answer = await createMeter(acme, { filter: deep });
    expect(answer.status).toBe(422);
    expect(answer.body.detail[0].loc).toEqual(["body", "filter", "clauses", 0, "clauses", 0, "clauses", 0]);
    const three = { conjunction: "and", clauses: [{ conjunction: "or", clauses: [{ conjunction: "and", clauses: [leaf] }] }] };
    expect((await createMeter(acme, { filter: three })).status).toBe(201);
  });

  it("answers 403 to a token without meters:write", async () => {
    const acme = await merchant();
    const reader = apiClient(server.url, await acme.tokenWithScopes(["meters:read"]));
    expect((await reader.post("/v1/meters/", apiCalls)).status).toBe(403);
    expect((await reader.get("/v1/meters/")).status).toBe(200);
    const none = apiClient(server.url, await acme.tokenWithScopes(["products:read"]));
    expect((await none.get("/v1/meters/")).status).toBe(403);
  });
});

describe("GET /v1/meters/{id}", () => {
  it("gets a meter (both SDKs) and answers 404 to another organization", async () => {
    const acme = await merchant();
    const globex = await merchant("Globex");
    const created = (await createMeter(acme)).body;
    const viaSdk = await acme.sdk.meters.get({ id: created.id });
    expect(viaSdk).toMatchObject({ id: created.id, name: "API calls", aggregation: { func: "count" } });
    expect(await acme.sdk1.meters.get(created.id)).toEqual(created);
    const foreign = await globex.api.get(`/v1/meters/${created.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe("ResourceNotFound");
  });
});

describe("GET /v1/meters/", () => {
  it("lists with name search, archive filter, metadata filter, sorting and pagination", async () => {
    const acme = await merchant();
    const globex = await merchant("Globex");
    await createMeter(globex, { name: "Globex calls" });
    for (const [name, team] of [
      ["Storage GB", "infra"],
      ["API calls", "core"],
      ["Bandwidth", "infra"],
    ]) {
      await createMeter(acme, { name, metadata: { team } });
    }
    const page = await acme.sdk.meters.list({ limit: 2 });
    expect(page.result.pagination).toEqual({ totalCount: 3, maxPage: 2 });
    expect(page.result.items.map((m) => m.name)).toEqual(["API calls", "Bandwidth"]);
    const descending = await acme.sdk.meters.list({ sorting: ["-name"] });
    expect(descending.result.items.map((m) => m.name)).toEqual(["Storage GB", "Bandwidth", "API calls"]);
    const search = await acme.sdk1.meters.list({ query: "storage" });
    expect(search.items.map((m) => m.name)).toEqual(["Storage GB"]);
    const infra = await acme.api.get("/v1/meters/?metadata[team]=infra");
    expect(infra.body.items.map((m: { name: string }) => m.name)).toEqual(["Bandwidth", "Storage GB"]);

    const bandwidth = page.result.items[1];
    await acme.sdk.meters.update({ id: bandwidth?.id ?? "", meterUpdate: { isArchived: true } });
    const active = await acme.sdk.meters.list({ isArchived: false });
    expect(active.result.items.map((m) => m.name)).toEqual(["API calls", "Storage GB"]);
    const archived = await acme.sdk.meters.list({ isArchived: true });
    expect(archived.result.items.map((m) => m.name)).toEqual(["Bandwidth"]);
    expect((await acme.api.get("/v1/meters/?sorting=unit")).status).toBe(422);
  });
});

describe("PATCH /v1/meters/{id}", () => {
  it("updates fields, archives and unarchives (SDK 0.47 and 1.x)", async () => {
    const acme = await merchant();
    const created = (await createMeter(acme)).body;
    const updated = await acme.sdk.meters.update({
      id: created.id,
      meterUpdate: {
        name: "Requests",
        unit: "custom",
        customLabel: "request",
        customMultiplier: 1000,
        aggregation: { func: "max", property: "latency" },
        isArchived: true,
      },
    });
    expect(updated).toMatchObject({
      name: "Requests",
      unit: "custom",
      customLabel: "request",
      customMultiplier: 1000,
      aggregation: { func: "max", property: "latency" },
    });
    expect(updated.archivedAt).toBeInstanceOf(Date);
    expect(updated.modifiedAt).toBeInstanceOf(Date);
    expect(updated.filter).toEqual(apiCalls.filter);
    const restored = await acme.sdk1.meters.update(created.id, { is_archived: false, filter: { conjunction: "or", clauses: [] } });
    expect(restored).toMatchObject({ archived_at: null, name: "Requests", filter: { conjunction: "or", clauses: [] } });
  });

  it("returns 422 for a bad filter and 404 for another organization's meter, changing nothing", async () => {
    const acme = await merchant();
    const globex = await merchant("Globex");
    const created = (await createMeter(acme)).body;
    const bad = await acme.api.patch(`/v1/meters/${created.id}`, { filter: { conjunction: "xor", clauses: [] } });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(["body", "filter", "conjunction"]);
    expect((await globex.api.patch(`/v1/meters/${created.id}`, { name: "Hijacked" })).status).toBe(404);
    expect((await acme.api.get(`/v1/meters/${created.id}`)).body).toEqual(created);
  });

  it("returns 422 when archiving a meter an active metered price bills by, and archives it once that price is archived", async () => {
    const acme = await merchant();
    const calls = (await createMeter(acme)).body;
    const product = await acme.api.post("/v1/products/", {
      name: "Usage plan",
      recurring_interval: "month",
      prices: [{ amount_type: "metered_unit", meter_id: calls.id, unit_amount: "0.5" }],
    });
    expect(product.status).toBe(201);

    const refused = await acme.api.patch(`/v1/meters/${calls.id}`, { is_archived: true, name: "Renamed" });
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toEqual([
      { loc: ["body", "is_archived"], msg: expect.stringMatching(/active metered price/), type: "value_error" },
    ]);
    expect((await acme.api.get(`/v1/meters/${calls.id}`)).body).toEqual(calls);
    // Other edits to a meter in use stay allowed.
    expect((await acme.api.patch(`/v1/meters/${calls.id}`, { name: "Requests" })).status).toBe(200);

    // Replacing the metered price archives it (Polar archives prices an update leaves out).
    const replaced = await acme.api.patch(`/v1/products/${product.body.id}`, {
      prices: [{ amount_type: "fixed", price_amount: 1000, price_currency: "usd" }],
    });
    expect(replaced.status).toBe(200);
    const archived = await acme.sdk.meters.update({ id: calls.id, meterUpdate: { isArchived: true } });
    expect(archived.archivedAt).toBeInstanceOf(Date);
  });
});

describe("GET /v1/meters/{id}/quantities", () => {
  it("answers zero-filled daily buckets from the start's day to the end's day (SDK 0.47)", async () => {
    const acme = await merchant();
    const meter = (await createMeter(acme)).body;
    const result = await acme.sdk.meters.quantities({
      id: meter.id,
      startTimestamp: new Date("2026-03-01T10:00:00Z"),
      endTimestamp: new Date("2026-03-04T05:00:00Z"),
      interval: "day",
    });
    expect(result.total).toBe(0);
    expect(result.quantities.map((q) => q.timestamp.toISOString())).toEqual([
      "2026-03-01T00:00:00.000Z",
      "2026-03-02T00:00:00.000Z",
      "2026-03-03T00:00:00.000Z",
      "2026-03-04T00:00:00.000Z",
    ]);
    expect(result.quantities.every((q) => q.quantity === 0)).toBe(true);
  });

  it("starts weeks on Monday, months on the 1st, and follows the requested time zone (SDK 1.x)", async () => {
    const acme = await merchant();
    const meter = (await createMeter(acme)).body;
    const query = (q: string) => acme.api.get(`/v1/meters/${meter.id}/quantities?${q}`);
    const weeks = await query("start_timestamp=2026-01-01T00:00:00Z&end_timestamp=2026-01-14T00:00:00Z&interval=week");
    expect(weeks.body.quantities.map((q: { timestamp: string }) => q.timestamp)).toEqual([
      "2025-12-29T00:00:00.000Z",
      "2026-01-05T00:00:00.000Z",
      "2026-01-12T00:00:00.000Z",
    ]);
    const months = await acme.sdk1.meters.quantities(meter.id, {
      start_timestamp: "2025-11-15T00:00:00Z",
      end_timestamp: "2026-02-01T00:00:00Z",
      interval: "month",
    });
    expect(months.quantities.map((q) => q.timestamp)).toEqual([
      "2025-11-01T00:00:00.000Z",
      "2025-12-01T00:00:00.000Z",
      "2026-01-01T00:00:00.000Z",
      "2026-02-01T00:00:00.000Z",
    ]);
    const paris = await query("start_timestamp=2026-06-01T12:00:00Z&end_timestamp=2026-06-02T12:00:00Z&interval=day&timezone=Europe/Paris");
    expect(paris.body.quantities.map((q: { timestamp: string }) => q.timestamp)).toEqual([
      "2026-05-31T22:00:00.000Z",
      "2026-06-01T22:00:00.000Z",
    ]);
    // New York's clocks fall back at 06:00Z: the repeated 01:00 hour is its own bucket.
    const fallBack = await query(
      "start_timestamp=2026-11-01T04:10:00Z&end_timestamp=2026-11-01T07:00:00Z&interval=hour&timezone=America/New_York",
    );
    expect(fallBack.body.quantities.map((q: { timestamp: string }) => q.timestamp.slice(11, 13))).toEqual(["04", "05", "06", "07"]);
    const hours = await query("start_timestamp=2026-01-01T00:30:00Z&end_timestamp=2026-01-01T02:00:00Z&interval=hour");
    expect(hours.body).toEqual({
      quantities: ["00", "01", "02"].map((h) => ({ timestamp: `2026-01-01T${h}:00:00.000Z`, quantity: 0 })),
      total: 0,
    });
  });

  it("returns 422 when the end is before the start, for too many buckets, a bad interval or a bad time zone", async () => {
    const acme = await merchant();
    const meter = (await createMeter(acme)).body;
    const query = (q: string) => acme.api.get(`/v1/meters/${meter.id}/quantities?${q}`);
    const backwards = await query("start_timestamp=2026-02-01T00:00:00Z&end_timestamp=2026-01-01T00:00:00Z&interval=day");
    expect(backwards.status).toBe(422);
    expect(backwards.body.detail[0].loc).toEqual(["query", "end_timestamp"]);
    const tooMany = await query("start_timestamp=2020-01-01T00:00:00Z&end_timestamp=2026-01-01T00:00:00Z&interval=hour");
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.detail[0].loc).toEqual(["query", "interval"]);
    expect(
      (await query("start_timestamp=2026-01-01T00:00:00Z&end_timestamp=2026-01-02T00:00:00Z&interval=minute")).body.detail[0].loc,
    ).toEqual(["query", "interval"]);
    expect(
      (await query("start_timestamp=2026-01-01T00:00:00Z&end_timestamp=2026-01-02T00:00:00Z&interval=day&timezone=Mars/Olympus")).body
        .detail[0].loc,
    ).toEqual(["query", "timezone"]);
    expect((await query("start_timestamp=yesterday&end_timestamp=2026-01-02T00:00:00Z&interval=day")).body.detail[0].loc).toEqual([
      "query",
      "start_timestamp",
    ]);
  });

  it("answers 404 for another organization's meter", async () => {
    const acme = await merchant();
    const globex = await merchant("Globex");
    const meter = (await createMeter(acme)).body;
    const answer = await globex.api.get(
      `/v1/meters/${meter.id}/quantities?start_timestamp=2026-01-01T00:00:00Z&end_timestamp=2026-01-02T00:00:00Z&interval=day`,
    );
    expect(answer.status).toBe(404);
  });
});
