import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { setUpGatehouseInChromium } from "./support/gatehouse.ts";
import { see, signUpAndVerify } from "./support/people.ts";
import { callFromPage, joinAsMember } from "./support/session-calls.ts";

// The catalog after its first day: a merchant reworks a product (name, price, image), sells usage
// and pay-what-you-want prices, tidies benefits and custom fields, looks at a meter's usage, and
// brings in a colleague who may look at the catalog but not change it.

const world = setUpGatehouseInChromium();
let page: Page;
let organizationId = "";

const owner = { name: "Otto Owner", email: "otto.owner@example.com", password: "catalog password 1" };
const colleague = { name: "Mona Member", email: "mona.member@example.com", password: "catalog password 2" };

// The smallest valid PNG: one transparent pixel.
const PIXEL_PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

/** Picks an option of a Mantine Select found by its label. */
async function choose(scope: Page | ReturnType<Page["getByRole"]>, label: string | RegExp, option: string) {
  await scope.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

interface ProductJson {
  id: string;
  name: string;
  prices: Record<string, unknown>[];
  medias: { name: string; public_url: string }[];
}

beforeAll(async () => {
  page = await (await world.newContext()).newPage();
  await signUpAndVerify(page, owner);
  const created = await callFromPage<{ id: string }>(page, "POST", "/api/auth/organization/create", {
    name: "Otto Tools",
    slug: "otto-tools",
  });
  expect(created.status).toBe(200);
  organizationId = created.body.id;
});

describe("editing the catalog", () => {
  it("renames a product, replaces its price and adds an image", async () => {
    const made = await callFromPage<ProductJson>(page, "POST", "/v1/products/", {
      name: "Starter",
      prices: [{ amount_type: "fixed", price_amount: 900, price_currency: "usd" }],
    });
    expect(made.status).toBe(201);

    await page.goto("/dashboard/products");
    await page.getByRole("link", { name: "Starter" }).click();
    await page.getByRole("heading", { name: "Starter", level: 1 }).waitFor();
    await page.getByLabel(/^Name/).fill("Starter plus");
    await page.getByRole("button", { name: "Remove price 1" }).click();
    await page.getByRole("button", { name: "Add price" }).click();
    await page.getByLabel("Price 1 amount").fill("19.00");
    await page.locator("input[type=file]").setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: PIXEL_PNG });
    await page.getByRole("img", { name: "cover.png" }).waitFor();
    await page.getByRole("button", { name: "Save changes" }).click();
    await see(page, "Starter plus was saved.");

    await page.reload();
    await page.getByRole("heading", { name: "Starter plus", level: 1 }).waitFor();
    await page.getByRole("img", { name: "cover.png" }).waitFor();
    const product = (await callFromPage<ProductJson>(page, "GET", `/v1/products/${made.body.id}`)).body;
    expect(product.name).toBe("Starter plus");
    const active = product.prices.filter((price) => price.is_archived === false);
    expect(active).toEqual([expect.objectContaining({ amount_type: "fixed", price_amount: 1900 })]);
    expect(product.medias).toEqual([expect.objectContaining({ name: "cover.png" })]);
    // The image is served to anyone, as a storefront shows it.
    expect((await fetch(new URL(product.medias[0]?.public_url ?? "", world.gatehouse.url))).status).toBe(200);
    await page.goto("/dashboard/products");
    await page.getByRole("cell", { name: "$19.00", exact: true }).waitFor();
  });

  it("sells usage by a meter and a pay-what-you-want price in one monthly product", async () => {
    const meter = await callFromPage<{ id: string }>(page, "POST", "/v1/meters/", {
      name: "Render minutes",
      filter: { conjunction: "and", clauses: [{ property: "name", operator: "eq", value: "render" }] },
      aggregation: { func: "count" },
    });
    expect(meter.status).toBe(201);

    await page.goto("/dashboard/products/new");
    await page.getByLabel(/^Name/).fill("Render farm");
    await choose(page, "Billing", "Monthly subscription");
    await choose(page, "Price 1 type", "Pay what you want");
    await page.getByLabel(/^Price 1 minimum amount/).fill("5.00");
    await page.getByLabel("Price 1 preset amount").fill("10.00");
    await page.getByRole("button", { name: "Add price" }).click();
    await choose(page, "Price 2 type", "Metered (per unit)");
    await choose(page, "Price 2 meter", "Render minutes");
    await page.getByLabel("Price 2 unit amount").fill("0.5");
    await page.getByRole("button", { name: "Create product" }).click();
    await page.waitForURL((url) => /\/dashboard\/products\/[0-9a-f-]{36}$/.test(url.pathname));

    const id = new URL(page.url()).pathname.split("/").at(-1);
    const product = (await callFromPage<ProductJson>(page, "GET", `/v1/products/${id}`)).body;
    expect(product.prices).toEqual([
      expect.objectContaining({ amount_type: "custom", minimum_amount: 500, preset_amount: 1000, maximum_amount: null }),
      expect.objectContaining({ amount_type: "metered_unit", meter_id: meter.body.id, unit_amount: "0.5" }),
    ]);

    // A meter that a price bills by cannot be archived from under it.
    await page.goto("/dashboard/meters");
    await page.getByRole("button", { name: "Archive Render minutes" }).click();
    const dialog = page.getByRole("dialog", { name: "Archive meter" });
    await dialog.getByRole("button", { name: "Archive" }).click();
    await dialog.getByRole("alert").filter({ hasText: "used by an active metered price" }).waitFor();
  });

  it("shows a meter's usage over a chosen period, empty before any event", async () => {
    await page.goto("/dashboard/meters");
    await page.getByRole("link", { name: "Render minutes" }).click();
    await page.getByRole("heading", { name: "Render minutes", level: 1 }).waitFor();
    await page.getByText("name eq render").waitFor();
    await page.getByText("No usage in this period").waitFor();
    await choose(page, "Period", "Last 24 hours, by hour");
    await page.getByText("No usage in this period").waitFor();
  });

  it("edits and deletes a benefit", async () => {
    const benefit = await callFromPage(page, "POST", "/v1/benefits/", { type: "custom", description: "Priority support", properties: {} });
    expect(benefit.status).toBe(201);
    await page.goto("/dashboard/benefits");
    await page.getByRole("button", { name: "Edit Priority support" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit benefit" });
    await dialog.getByLabel(/^Description/).fill("Priority support, 24/7");
    await dialog.getByLabel("Note").fill("Write to support@otto.example");
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.waitFor({ state: "detached" });
    await page.getByRole("cell", { name: "Priority support, 24/7", exact: true }).waitFor();

    await page.getByRole("button", { name: "Delete Priority support, 24/7" }).click();
    await page.getByRole("dialog", { name: "Delete benefit" }).getByRole("button", { name: "Delete" }).click();
    await page.getByText("No benefits yet.").waitFor();
    expect((await callFromPage<{ items: unknown[] }>(page, "GET", "/v1/benefits/")).body.items).toEqual([]);
  });

  it("creates a date custom field with bounds, edits it and deletes it", async () => {
    await page.goto("/dashboard/custom-fields");
    await page.getByRole("button", { name: "Create custom field" }).click();
    const dialog = page.getByRole("dialog", { name: "Create custom field" });
    await choose(dialog, "Type", "Date");
    await dialog.getByLabel(/^Name/).fill("Start date");
    await dialog.getByLabel(/^Slug/).fill("start_date");
    await dialog.getByLabel("Earliest date").fill("2026-01-01");
    await dialog.getByLabel("Latest date").fill("2026-12-31");
    await dialog.getByRole("button", { name: "Create custom field" }).click();
    await dialog.waitFor({ state: "detached" });
    const fields = await callFromPage<{ items: { properties: Record<string, unknown> }[] }>(page, "GET", "/v1/custom-fields/");
    expect(fields.body.items[0]?.properties).toMatchObject({ ge: Date.UTC(2026, 0, 1) / 1000, le: Date.UTC(2026, 11, 31) / 1000 });

    await page.getByRole("button", { name: "Edit Start date" }).click();
    const edit = page.getByRole("dialog", { name: "Edit custom field" });
    expect(await edit.getByLabel("Earliest date").inputValue()).toBe("2026-01-01");
    await edit.getByLabel(/^Name/).fill("Project start");
    await edit.getByLabel("Latest date").fill("2027-06-30");
    await edit.getByRole("button", { name: "Save" }).click();
    await edit.waitFor({ state: "detached" });
    await page.getByRole("cell", { name: "Project start", exact: true }).waitFor();
    const edited = await callFromPage<{ items: { properties: Record<string, unknown> }[] }>(page, "GET", "/v1/custom-fields/");
    expect(edited.body.items[0]?.properties).toMatchObject({ le: Date.UTC(2027, 5, 30) / 1000 });

    await page.getByRole("button", { name: "Delete Project start" }).click();
    await page.getByRole("dialog", { name: "Delete custom field" }).getByRole("button", { name: "Delete" }).click();
    await page.getByText("No custom fields yet.").waitFor();
  });

  it("shows a member the catalog with no way to change it", async () => {
    const member = await joinAsMember(world, page, organizationId, colleague);

    await member.goto("/dashboard/products");
    await member.getByText("You have read-only access").waitFor();
    await member.getByRole("link", { name: "Starter plus" }).waitFor();
    expect(await member.getByRole("link", { name: "New product" }).count()).toBe(0);
    await member.getByRole("link", { name: "Starter plus" }).click();
    await member.getByRole("heading", { name: "Starter plus", level: 1 }).waitFor();
    expect(await member.getByLabel(/^Name/).isDisabled()).toBe(true);
    expect(await member.getByRole("button", { name: "Save changes" }).count()).toBe(0);
    expect(await member.getByRole("button", { name: "Archive product" }).count()).toBe(0);

    await member.goto("/dashboard/meters");
    await member.getByRole("link", { name: "Render minutes" }).waitFor();
    expect(await member.getByRole("button", { name: "Create meter" }).count()).toBe(0);
    expect(await member.getByRole("button", { name: /^(Edit|Archive) / }).count()).toBe(0);

    // The owner, on the same pages, keeps every action.
    await page.goto("/dashboard/products");
    await page.getByRole("link", { name: "New product" }).waitFor();
    expect(await page.getByText("You have read-only access").count()).toBe(0);
  });
});
