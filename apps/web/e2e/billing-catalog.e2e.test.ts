import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { setUpGatehouseInChromium } from "./support/gatehouse.ts";
import { see, signUpAndVerify } from "./support/people.ts";

// The story: a merchant builds a catalog in the dashboard, creates an access token there,
// and their application then reads that catalog through the Polar-compatible API with the token.

const world = setUpGatehouseInChromium();
let page: Page;

const merchant = { name: "Mia Merchant", email: "mia.merchant@example.com", password: "merchant password 1" };
const organization = { name: "Mia Software", slug: "mia-software" };

/** Picks an option of a Mantine Select or MultiSelect found by its label (its listbox shares the label). */
async function choose(scope: Page | ReturnType<Page["getByRole"]>, label: string, option: string) {
  await scope.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option }).click();
}

beforeAll(async () => {
  page = await (await world.newContext()).newPage();
});

describe("a merchant's catalog, from the dashboard to the API", () => {
  it("starts with a merchant and their organization", async () => {
    await signUpAndVerify(page, merchant);
    await page.goto("/organizations");
    await page.getByRole("button", { name: "Create organization" }).click();
    const dialog = page.getByRole("dialog", { name: "Create organization" });
    await dialog.getByLabel(/^Name/).fill(organization.name);
    await dialog.getByText("This slug is available.").waitFor();
    await dialog.getByRole("button", { name: "Create organization" }).click();
    await page.waitForURL(`**/organizations/${organization.slug}`);
  });

  it("creates a license-key benefit", async () => {
    await page.goto("/dashboard/benefits");
    await page.getByRole("button", { name: "Create benefit" }).click();
    const dialog = page.getByRole("dialog", { name: "Create benefit" });
    await choose(dialog, "Type", "License keys");
    await dialog.getByLabel(/^Description/).fill("Pro license key");
    await dialog.getByLabel("Key prefix").fill("MIA");
    await dialog.getByRole("button", { name: "Create benefit" }).click();
    await page.getByRole("cell", { name: "Pro license key", exact: true }).waitFor();
  });

  it("creates a product with a monthly fixed price that grants the benefit", async () => {
    await page.goto("/dashboard/products");
    await page.getByRole("link", { name: "New product" }).click();
    await page.waitForURL("**/dashboard/products/new");
    await page.getByLabel(/^Name/).fill("Pro plan");
    await page.getByLabel("Description").fill("Everything in Pro");
    await choose(page, "Billing", "Monthly subscription");
    await page.getByLabel("Price 1 amount").fill("12.50");
    await see(page, "$12.50 every month");
    await choose(page, "Benefits", "Pro license key (License keys)");
    await page.getByRole("button", { name: "Create product" }).click();
    await page.waitForURL((url) => /\/dashboard\/products\/[0-9a-f-]{36}$/.test(url.pathname));
    await page.getByRole("heading", { name: "Pro plan", level: 1 }).waitFor();
    await page.goto("/dashboard/products");
    await page.getByRole("cell", { name: "$12.50 / month" }).waitFor();
  });

  it("lets the merchant's application read the catalog with an access token made in the dashboard", async () => {
    await page.goto("/dashboard/access-tokens");
    await page.getByRole("button", { name: "Create token" }).click();
    const dialog = page.getByRole("dialog", { name: "Create access token" });
    await dialog.getByLabel(/^Comment/).fill("Storefront");
    await dialog.getByLabel("products:read", { exact: true }).check();
    await dialog.getByRole("button", { name: "Create", exact: true }).click();
    const token = (await page.getByTestId("new-token").textContent())?.trim() ?? "";
    expect(token).toMatch(/^polar_oat_/);

    const response = await fetch(`${world.gatehouse.url}/v1/products/`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    const list = (await response.json()) as { items: Record<string, unknown>[]; pagination: { total_count: number } };
    expect(list.pagination.total_count).toBe(1);
    expect(list.items[0]).toMatchObject({
      name: "Pro plan",
      description: "Everything in Pro",
      recurring_interval: "month",
      is_archived: false,
      prices: [{ amount_type: "fixed", price_amount: 1250, price_currency: "usd", is_archived: false }],
      benefits: [{ type: "license_keys", description: "Pro license key", properties: expect.objectContaining({ prefix: "MIA" }) }],
    });
  });

  it("keeps meters, custom fields and downloadable files in the same dashboard", async () => {
    await page.goto("/dashboard/meters");
    await page.getByRole("button", { name: "Create meter" }).click();
    const meterDialog = page.getByRole("dialog", { name: "Create meter" });
    await meterDialog.getByLabel(/^Name/).fill("API calls");
    await meterDialog.getByLabel("Condition 1 value").fill("api_call");
    await choose(meterDialog, "Aggregation", "Sum of a property");
    await meterDialog.getByLabel("Aggregated property").fill("metadata.tokens");
    await meterDialog.getByRole("button", { name: "Create meter" }).click();
    await page.getByRole("cell", { name: "name eq api_call" }).waitFor();

    await page.goto("/dashboard/custom-fields");
    await page.getByRole("button", { name: "Create custom field" }).click();
    const fieldDialog = page.getByRole("dialog", { name: "Create custom field" });
    await choose(fieldDialog, "Type", "Select");
    await fieldDialog.getByLabel(/^Name/).fill("Team size");
    await fieldDialog.getByLabel(/^Slug/).fill("team_size");
    await fieldDialog.getByLabel("Option 1 value").fill("small");
    await fieldDialog.getByLabel("Option 1 label").fill("1-10");
    await fieldDialog.getByRole("button", { name: "Create custom field" }).click();
    await page.getByRole("cell", { name: "Team size", exact: true }).waitFor();

    await page.goto("/dashboard/files");
    await page
      .locator("input[type=file]")
      .setInputFiles({ name: "manual.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4 manual") });
    await page.getByRole("cell", { name: "manual.pdf", exact: true }).waitFor();
    expect(await page.getByText("Incomplete upload").count()).toBe(0);
  });
});
