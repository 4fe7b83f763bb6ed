import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { setUpGatehouseInChromium } from "./support/gatehouse.ts";
import { see, signUpAndVerify } from "./support/people.ts";
import { e2eDatabase, uniqueEmail } from "./support/platform-admin.ts";

// The other story: a merchant makes an access token in the dashboard, their application
// uses it against the Polar-compatible API, and the merchant looks after customers in the dashboard.

const world = setUpGatehouseInChromium(e2eDatabase().env);
let page: Page;
let token = "";

const merchant = { name: "Dana Dashboard", email: uniqueEmail("dana"), password: "dashboard password 1" };
const organization = { name: "Dana Tools", slug: "dana-tools" };
const customerEmail = uniqueEmail("buyer");

beforeAll(async () => {
  const context = await world.newContext();
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  page = await context.newPage();
});

describe("the billing dashboard", () => {
  it("asks for an active organization before showing a section", async () => {
    await signUpAndVerify(page, merchant);
    await page.goto("/dashboard/customers");
    await page.getByText("Choose an organization first").waitFor();
    await page.getByRole("link", { name: "Choose or create an organization" }).click();
    await page.waitForURL("**/organizations");
    await page.getByRole("button", { name: "Create organization" }).click();
    const dialog = page.getByRole("dialog", { name: "Create organization" });
    await dialog.getByLabel(/^Name/).fill(organization.name);
    await dialog.getByText("This slug is available.").waitFor();
    await dialog.getByRole("button", { name: "Create organization" }).click();
    await page.waitForURL(`**/organizations/${organization.slug}`);
  });

  it("creates an access token that is shown once, in full", async () => {
    await page.getByRole("link", { name: "Dashboard" }).first().click();
    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Access tokens" }).click();
    await page.waitForURL("**/dashboard/access-tokens");
    await page.getByText("No access tokens yet.").waitFor();
    await expect.poll(() => page.getByTestId("dashboard-organization").textContent()).toBe(organization.name);

    await page.getByRole("button", { name: "Create token" }).click();
    const dialog = page.getByRole("dialog", { name: "Create access token" });
    await dialog.getByLabel(/^Comment/).fill("Billing sync");
    await dialog.getByLabel("Expires after").selectOption({ label: "30 days" });
    await dialog.getByLabel("All organization_access_tokens scopes").check();
    await dialog.getByLabel("customers:read", { exact: true }).check();
    await dialog.getByRole("button", { name: "Create", exact: true }).click();

    const shown = page.getByRole("dialog", { name: "Copy your new access token" });
    await shown.getByRole("alert").filter({ hasText: "only time the token is shown" }).waitFor();
    token = (await page.getByTestId("new-token").textContent())?.trim() ?? "";
    expect(token).toMatch(/^polar_oat_[A-Za-z0-9_-]{43}$/);
    await shown.getByRole("button", { name: "Copy token" }).click();
    await shown.getByRole("button", { name: "Copied", exact: true }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    await shown.getByRole("button", { name: "I copied the token" }).click();
    await shown.waitFor({ state: "detached" });

    // Listed by its comment; the secret itself is gone for good.
    const row = page.getByRole("row").filter({ hasText: "Billing sync" });
    await row.getByText("3 scopes").waitFor();
    expect(await page.content()).not.toContain(token);
    await page.reload();
    await row.waitFor();
    expect(await page.content()).not.toContain(token);
  });

  it("lets an application use the token against the API", async () => {
    const response = await fetch(`${world.gatehouse.url}/v1/organization-access-tokens/`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    const list = (await response.json()) as {
      items: { comment: string; scopes: string[]; expires_at: string | null }[];
      pagination: { total_count: number };
    };
    expect(list.pagination.total_count).toBe(1);
    expect(list.items[0]?.comment).toBe("Billing sync");
    expect(list.items[0]?.scopes.sort()).toEqual(["customers:read", "organization_access_tokens:read", "organization_access_tokens:write"]);
    expect(list.items[0]?.expires_at).not.toBeNull();

    // The token carries only the scopes chosen in the dashboard.
    const refused = await fetch(`${world.gatehouse.url}/v1/discounts/`, { headers: { authorization: `Bearer ${token}` } });
    expect(refused.status).toBe(403);
  });

  it("creates a customer and opens their detail page with an empty customer state", async () => {
    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Customers" }).click();
    await page.waitForURL("**/dashboard/customers");
    await page.getByText("No customers yet.").waitFor();
    await page.getByRole("button", { name: "Create customer" }).click();
    const dialog = page.getByRole("dialog", { name: "Create customer" });
    await dialog.getByLabel(/^Email/).fill(customerEmail);
    await dialog.getByLabel(/^Name/).fill("Bea Buyer");
    await dialog.getByLabel(/^External ID/).fill("crm-42");
    await dialog.getByRole("button", { name: "Create customer" }).click();

    await page.waitForURL((url) => /\/dashboard\/customers\/[0-9a-f-]{36}$/.test(url.pathname));
    await page.getByRole("heading", { name: "Bea Buyer", level: 1 }).waitFor();
    await page.getByRole("heading", { name: "Customer state" }).waitFor();
    await page.getByText("No active subscriptions.").waitFor();
    await page.getByText("No granted benefits.").waitFor();
    await page.getByText("No active meters.").waitFor();
    // An external ID, once set, cannot change.
    expect(await page.getByLabel(/^External ID/).getAttribute("readonly")).not.toBeNull();

    await page.getByLabel("City").fill("Lyon");
    await page.getByLabel(/^Country/).fill("FR");
    await page.getByRole("button", { name: "Save customer" }).click();
    await see(page, "The customer is saved.");

    // The application sees the same customer through the API.
    const response = await fetch(`${world.gatehouse.url}/v1/customers/external/crm-42`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      email: customerEmail,
      name: "Bea Buyer",
      billing_address: { city: "Lyon", country: "FR" },
    });

    await page.getByRole("link", { name: "← All customers" }).click();
    await page.getByLabel("Search customers").fill("Bea");
    await page.getByRole("link", { name: customerEmail }).waitFor();
    await page.getByLabel("Search customers").fill("nobody-like-this");
    await page.getByText("No customer matches this search.").waitFor();
  });

  it("creates a discount and a checkout link that applies it", async () => {
    // The catalog has its own screens and test; here one product made through the API will do.
    // Sent from the page, as the dashboard sends its calls: same origin, session cookie.
    const status = await page.evaluate(async () => {
      const body = { name: "Starter kit", prices: [{ amount_type: "fixed", price_amount: 1500, price_currency: "usd" }] };
      const response = await fetch("/v1/products/", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      return response.status;
    });
    expect(status).toBe(201);

    await page.goto("/dashboard/discounts");
    await page.getByText("No discounts yet.").waitFor();
    await page.getByRole("button", { name: "Create discount" }).click();
    const dialog = page.getByRole("dialog", { name: "Create discount" });
    await dialog.getByLabel(/^Name/).fill("Launch week");
    await dialog.getByLabel(/^Code/).fill("LAUNCH20");
    await dialog.getByLabel("Percentage off").fill("20");
    await dialog.getByLabel(/^Duration/).selectOption({ label: "Several months" });
    await dialog.getByLabel(/^Months/).fill("3");
    await dialog.getByRole("combobox", { name: /^Products/ }).click();
    await page.getByRole("option", { name: "Starter kit" }).click();
    // A multi-select stays open for more picks; clicking elsewhere closes it.
    await dialog.getByRole("heading", { name: "Create discount" }).click();
    await dialog.getByRole("button", { name: "Create discount" }).click();
    await dialog.waitFor({ state: "detached" });
    const discountRow = page.getByRole("row").filter({ hasText: "Launch week" });
    await discountRow.getByText("20% off, for 3 months").waitFor();
    await discountRow.getByText("Starter kit").waitFor();
    await discountRow.getByRole("button", { name: "Edit discount Launch week" }).click();
    const editDialog = page.getByRole("dialog", { name: "Edit discount" });
    expect(await editDialog.getByLabel("Percentage off").inputValue()).toBe("20 %");
    await editDialog.getByLabel(/^Name/).fill("Launch week!");
    await editDialog.getByRole("button", { name: "Save discount" }).click();
    await editDialog.waitFor({ state: "detached" });
    await page.getByRole("cell", { name: "Launch week!", exact: true }).waitFor();

    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Checkout links" }).click();
    await page.getByText("No checkout links yet.").waitFor();
    await page.getByRole("button", { name: "Create checkout link" }).click();
    const linkDialog = page.getByRole("dialog", { name: "Create checkout link" });
    await linkDialog.getByLabel(/^Label/).fill("Launch campaign");
    await linkDialog.getByRole("combobox", { name: /^Products/ }).click();
    await page.getByRole("option", { name: "Starter kit" }).click();
    await linkDialog.getByRole("heading", { name: "Create checkout link" }).click();
    await linkDialog.getByLabel(/^Discount/).selectOption({ label: "Launch week!" });
    await linkDialog.getByLabel("Require a billing address").check();
    await linkDialog.getByRole("button", { name: "Create checkout link" }).click();
    await linkDialog.waitFor({ state: "detached" });
    const linkRow = page.getByRole("row").filter({ hasText: "Launch campaign" });
    await linkRow.getByText("Launch week!").waitFor();
    await linkRow.getByRole("button", { name: "Copy URL of Launch campaign" }).click();
    const url = await page.evaluate(() => navigator.clipboard.readText());
    const links = (await (await page.request.get("/v1/checkout-links/")).json()) as {
      items: { url: string; discount_id: string | null; require_billing_address: boolean }[];
    };
    expect(links.items).toHaveLength(1);
    expect(links.items[0]).toMatchObject({ url, require_billing_address: true });
    expect(links.items[0]?.discount_id).not.toBeNull();
  });

  it("saves the organization's billing settings", async () => {
    await page.goto("/dashboard/settings");
    await page.getByLabel("Support email").fill("billing@dana.example");
    await page.getByLabel("Website").fill("https://dana.example");
    await page.getByRole("button", { name: "Add social link" }).click();
    await page.getByLabel("Platform 1").selectOption("github");
    await page.getByLabel("Profile URL 1").fill("https://github.com/dana-tools");
    await page.getByLabel("Allow a customer several active subscriptions").check();
    await page.getByRole("button", { name: "Save settings" }).click();
    await see(page, "The billing settings are saved.");

    await page.reload();
    await expect.poll(() => page.getByLabel("Support email").inputValue()).toBe("billing@dana.example");
    expect(await page.getByLabel("Profile URL 1").inputValue()).toBe("https://github.com/dana-tools");
    expect(await page.getByLabel("Allow a customer several active subscriptions").isChecked()).toBe(true);
  });

  it("documents the API, operation by operation", async () => {
    await page.goto("/api-reference");
    await page.getByRole("heading", { name: "organization_access_tokens", level: 2 }).waitFor();
    await page.getByLabel("Filter operations").fill("organization-access-tokens");
    await page.getByRole("button", { name: /POST\s*\/v1\/organization-access-tokens\// }).click();
    await page.getByText("organization_access_tokens:create", { exact: true }).waitFor();
    // The request body's schema, with its required properties.
    await page.getByRole("cell", { name: "comment", exact: true }).first().waitFor();
    // A named type opens its schema in the list of schemas.
    await page.getByRole("cell").getByRole("button", { name: "OrganizationAccessToken", exact: true }).click();
    await page.getByRole("cell", { name: "last_used_at", exact: true }).waitFor();
  });

  it("edits the token's comment and deletes it, after which it stops working", async () => {
    await page.goto("/dashboard/access-tokens");
    await page.getByRole("button", { name: "Edit token Billing sync" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit access token" });
    await dialog.getByLabel(/^Comment/).fill("Old billing sync");
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    await dialog.waitFor({ state: "detached" });

    await page.getByRole("button", { name: "Delete token Old billing sync" }).click();
    await page.getByRole("dialog", { name: "Delete access token" }).getByRole("button", { name: "Delete token" }).click();
    await page.getByText("No access tokens yet.").waitFor();
    const response = await fetch(`${world.gatehouse.url}/v1/organization-access-tokens/`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(401);
  });
});
