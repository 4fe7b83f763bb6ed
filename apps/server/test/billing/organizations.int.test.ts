import { describe, expect, it } from "vitest";
import { apiClient, dashboardApi, useBillingServer } from "../support/billing.ts";
import { memberWithRole } from "../support/organizations.ts";

const { server, merchant } = useBillingServer();

const billingRow = (organizationId: string) =>
  server.deps.db.selectFrom("billing_organization").selectAll().where("organization_id", "=", organizationId).executeTakeFirst();

describe("GET /v1/organizations/{id}", () => {
  it("answers the organization with Polar's defaults through SDK 0.47", async () => {
    const acme = await merchant("Acme");
    const organization = await acme.sdk.organizations.get({ id: acme.organizationId });
    expect(organization).toMatchObject({
      id: acme.organizationId,
      name: "Acme",
      slug: acme.organization.slug,
      avatarUrl: null,
      status: "active",
      email: null,
      website: null,
      socials: [],
      prorationBehavior: "prorate",
      allowCustomerUpdates: true,
      detailsSubmittedAt: null,
      defaultPresentmentCurrency: "usd",
      defaultTaxBehavior: "location",
      accountId: null,
      payoutAccountId: null,
      modifiedAt: null,
      capabilities: { checkoutPayments: true, apiAccess: true, payouts: false },
      subscriptionSettings: {
        allowMultipleSubscriptions: false,
        prorationBehavior: "prorate",
        benefitRevocationGracePeriod: 0,
        preventTrialAbuse: false,
      },
      customerPortalSettings: { usage: { show: true }, subscription: { updateSeats: true, updatePlan: true } },
    });
    expect(organization.createdAt).toBeInstanceOf(Date);
  });

  it("answers the raw wire shape through SDK 1.x, with the identity layer's metadata as strings", async () => {
    const acme = await merchant();
    await server.deps.db
      .updateTable("organization")
      .set({ metadata: JSON.stringify({ plan: "pro", seats: 3, nested: { a: 1 } }) })
      .where("id", "=", acme.organizationId)
      .execute();
    const organization = await acme.sdk1.organizations.get(acme.organizationId);
    expect(organization).toMatchObject({
      id: acme.organizationId,
      status: "active",
      sso_enforced: false,
      embed_hosts: [],
      dispute_settings: { auto_accept_below_amount: null },
    });
    expect((organization as unknown as { metadata: unknown }).metadata).toEqual({ plan: "pro", seats: "3" });
  });

  it("tolerates metadata that is null or not JSON", async () => {
    const acme = await merchant();
    await server.deps.db.updateTable("organization").set({ metadata: "{not json" }).where("id", "=", acme.organizationId).execute();
    expect((await acme.api.get(`/v1/organizations/${acme.organizationId}`)).body.metadata).toEqual({});
    await server.deps.db.updateTable("organization").set({ metadata: null }).where("id", "=", acme.organizationId).execute();
    expect((await acme.api.get(`/v1/organizations/${acme.organizationId}`)).body.metadata).toEqual({});
  });

  it("answers 404 for another organization's id and for an unknown id", async () => {
    const acme = await merchant("Acme");
    const globex = await merchant("Globex");
    const other = await acme.api.get(`/v1/organizations/${globex.organizationId}`);
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ error: "ResourceNotFound", detail: "Organization not found" });
    expect((await acme.api.get("/v1/organizations/nope")).status).toBe(404);
  });

  it("answers 403 to a token without an organizations scope", async () => {
    const acme = await merchant();
    const products = apiClient(server.url, await acme.tokenWithScopes(["products:read", "products:write"]));
    const answer = await products.get(`/v1/organizations/${acme.organizationId}`);
    expect(answer.status).toBe(403);
    expect(answer.body.error).toBe("insufficient_scope");
    const reader = apiClient(server.url, await acme.tokenWithScopes(["organizations:read"]));
    expect((await reader.get(`/v1/organizations/${acme.organizationId}`)).status).toBe(200);
  });
});

describe("PATCH /v1/organizations/{id}", () => {
  it("updates profile and settings through SDK 0.47, leaving what was not sent", async () => {
    const acme = await merchant();
    const updated = await acme.sdk.organizations.update({
      id: acme.organizationId,
      organizationUpdate: {
        name: "Acme Rockets",
        avatarUrl: "https://cdn.example.com/acme.png",
        email: "support@acme.test",
        website: "https://acme.test",
        socials: [{ platform: "github", url: "https://github.com/acme" }],
        subscriptionSettings: {
          allowMultipleSubscriptions: true,
          prorationBehavior: "invoice",
          benefitRevocationGracePeriod: 7,
          preventTrialAbuse: true,
          allowCustomerUpdates: false,
        },
        notificationSettings: { newOrder: false, newSubscription: true },
        customerPortalSettings: { usage: { show: false }, subscription: { updateSeats: false, updatePlan: true } },
        defaultPresentmentCurrency: "eur",
        defaultTaxBehavior: "inclusive",
      },
    });
    expect(updated).toMatchObject({
      name: "Acme Rockets",
      avatarUrl: "https://cdn.example.com/acme.png",
      email: "support@acme.test",
      website: "https://acme.test",
      socials: [{ platform: "github", url: "https://github.com/acme" }],
      prorationBehavior: "invoice",
      allowCustomerUpdates: false,
      subscriptionSettings: {
        allowMultipleSubscriptions: true,
        prorationBehavior: "invoice",
        benefitRevocationGracePeriod: 7,
        preventTrialAbuse: true,
      },
      notificationSettings: { newOrder: false, newSubscription: true },
      customerPortalSettings: { usage: { show: false }, subscription: { updateSeats: false, updatePlan: true } },
      defaultPresentmentCurrency: "eur",
      defaultTaxBehavior: "inclusive",
    });
    expect(updated.modifiedAt).toBeInstanceOf(Date);

    // A second, smaller update keeps everything else and merges groups key by key.
    const again = await acme.sdk1.organizations.update(acme.organizationId, {
      email: "billing@acme.test",
      customer_email_settings: { order_confirmation: false },
    } as never);
    expect(again).toMatchObject({
      name: "Acme Rockets",
      email: "billing@acme.test",
      website: "https://acme.test",
      customer_email_settings: { order_confirmation: false, subscription_confirmation: true },
      notification_settings: { new_order: false, new_subscription: true, chargeback_prevention: true },
      customer_portal_settings: {
        usage: { show: false },
        subscription: { update_seats: false, update_plan: true, pause: false },
        customer: { allow_email_change: true },
      },
    });
  });

  it("makes a name change visible through better-auth's organization API", async () => {
    const acme = await merchant("Acme");
    const answer = await acme.api.patch(`/v1/organizations/${acme.organizationId}`, { name: "Acme Renamed" });
    expect(answer.status).toBe(200);
    const full = await acme.owner.client.auth.organization.getFullOrganization({ query: { organizationId: acme.organizationId } });
    expect(full.data?.name).toBe("Acme Renamed");
    expect(full.data?.slug).toBe(acme.organization.slug);
  });

  it("records business details once submitted, without answering them back", async () => {
    const acme = await merchant();
    const answer = await acme.api.patch(`/v1/organizations/${acme.organizationId}`, {
      details: { product_description: "Rockets", switching: false },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.details_submitted_at).toMatch(/Z$/);
    expect(answer.body.details).toBeUndefined();
    expect(JSON.parse((await billingRow(acme.organizationId))?.details ?? "{}")).toMatchObject({ product_description: "Rockets" });
  });

  it("keeps platform-managed feature flags and lets the merchant set their own", async () => {
    const acme = await merchant();
    const answer = await acme.api.patch(`/v1/organizations/${acme.organizationId}`, {
      feature_settings: { wallets_enabled: true, seat_based_pricing_enabled: true, overview_metrics: ["revenue"] },
    });
    expect(answer.body.feature_settings).toMatchObject({
      wallets_enabled: false,
      seat_based_pricing_enabled: true,
      overview_metrics: ["revenue"],
    });
  });

  it("returns 422 in Polar's shape for bad input and changes nothing", async () => {
    const acme = await merchant("Acme");
    const path = `/v1/organizations/${acme.organizationId}`;
    await acme.api.patch(path, { email: "first@acme.test" });
    const before = await billingRow(acme.organizationId);
    const cases: [unknown, (string | number)[]][] = [
      [{ name: "ab" }, ["body", "name"]],
      [{ website: "ftp://acme.test", name: "Valid Name" }, ["body", "website"]],
      [{ email: "not-an-email" }, ["body", "email"]],
      [{ socials: [{ platform: "myspace", url: "https://myspace.com/acme" }] }, ["body", "socials", 0, "platform"]],
      [{ subscription_settings: { proration_behavior: "sometimes" } }, ["body", "subscription_settings", "proration_behavior"]],
      [{ default_presentment_currency: "xyz" }, ["body", "default_presentment_currency"]],
      [{ avatar_url: "not a url" }, ["body", "avatar_url"]],
    ];
    for (const [body, loc] of cases) {
      const answer = await acme.api.patch(path, body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(answer.body.detail[0]).toMatchObject({ loc });
      expect(typeof answer.body.detail[0].msg).toBe("string");
    }
    expect(await billingRow(acme.organizationId)).toEqual(before);
    const organization = await server.deps.db
      .selectFrom("organization")
      .select(["name"])
      .where("id", "=", acme.organizationId)
      .executeTakeFirstOrThrow();
    expect(organization.name).toBe("Acme");
  });

  it("answers 404 for another organization's id and leaves it alone", async () => {
    const acme = await merchant("Acme");
    const globex = await merchant("Globex");
    const answer = await acme.api.patch(`/v1/organizations/${globex.organizationId}`, { name: "Hijacked" });
    expect(answer.status).toBe(404);
    expect((await globex.sdk.organizations.get({ id: globex.organizationId })).name).toBe("Globex");
    expect(await billingRow(globex.organizationId)).toBeUndefined();
  });

  it("answers 403 to a token that may only read organizations", async () => {
    const acme = await merchant();
    const reader = apiClient(server.url, await acme.tokenWithScopes(["organizations:read"]));
    const answer = await reader.patch(`/v1/organizations/${acme.organizationId}`, { name: "Nope Inc" });
    expect(answer.status).toBe(403);
    expect(answer.body.error).toBe("insufficient_scope");
  });

  it("lets a dashboard member read the organization but not change it", async () => {
    const acme = await merchant("Acme");
    const member = await memberWithRole(server, acme.organizationId, "member");
    const dashboard = dashboardApi(member.client);
    const read = await dashboard.get(`/v1/organizations/${acme.organizationId}`);
    expect(read.status).toBe(200);
    expect(read.body.name).toBe("Acme");
    const write = await dashboard.patch(`/v1/organizations/${acme.organizationId}`, { name: "Member Rename" });
    expect(write.status).toBe(403);
    expect(write.body.error).toBe("NotPermitted");
    const admin = dashboardApi((await memberWithRole(server, acme.organizationId, "admin")).client);
    expect((await admin.patch(`/v1/organizations/${acme.organizationId}`, { name: "Admin Rename" })).body.name).toBe("Admin Rename");
  });
});

describe("GET /v1/organizations/", () => {
  it("lists only the caller's organization through SDK 0.47", async () => {
    const acme = await merchant("Acme");
    await merchant("Globex");
    const page = await acme.sdk.organizations.list({ sorting: ["-created_at"] });
    expect(page.result.items.map((o) => o.id)).toEqual([acme.organizationId]);
    expect(page.result.pagination).toEqual({ totalCount: 1, maxPage: 1 });
  });

  it("filters by slug and pages through SDK 1.x", async () => {
    const acme = await merchant("Acme");
    const globex = await merchant("Globex");
    const bySlug = await acme.sdk1.organizations.list({ slug: acme.organization.slug, sorting: ["name", "-slug"] });
    expect(bySlug.items.map((o) => o.id)).toEqual([acme.organizationId]);
    const otherSlug = await acme.sdk1.organizations.list({ slug: globex.organization.slug });
    expect(otherSlug).toMatchObject({ items: [], pagination: { total_count: 0, max_page: 0 } });
    const secondPage = await acme.sdk1.organizations.list({ page: 2, limit: 1 });
    expect(secondPage).toMatchObject({ items: [], pagination: { total_count: 1, max_page: 1 } });
  });

  it("returns 422 for an unknown sort key and 403 without an organizations scope", async () => {
    const acme = await merchant();
    const badSort = await acme.api.get("/v1/organizations/?sorting=revenue");
    expect(badSort.status).toBe(422);
    expect(badSort.body.detail[0].loc[0]).toBe("query");
    const products = apiClient(server.url, await acme.tokenWithScopes(["products:read"]));
    expect((await products.get("/v1/organizations/")).status).toBe(403);
  });
});

describe("billing organization settings", () => {
  it("are deleted with the organization", async () => {
    const acme = await merchant();
    await acme.api.patch(`/v1/organizations/${acme.organizationId}`, { email: "support@acme.test" });
    expect(await billingRow(acme.organizationId)).toBeDefined();
    const deleted = await acme.owner.client.auth.organization.delete({ organizationId: acme.organizationId });
    expect(deleted.error).toBeNull();
    expect(await billingRow(acme.organizationId)).toBeUndefined();
  });

  it("are described in the OpenAPI document", async () => {
    const document = await (await fetch(`${server.url}/v1/openapi.json`)).json();
    expect(document.paths["/v1/organizations/{id}"].patch.operationId).toBe("organizations:update");
    expect(document.paths["/v1/organizations/"].get.operationId).toBe("organizations:list");
    expect(document.components.schemas.Organization.required).toContain("customer_portal_settings");
  });
});
