import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebhookReceiver } from "../../server/test/support/webhook-receiver.ts";
import { setUpGatehouseInChromium } from "./support/gatehouse.ts";
import { see, signUpAndVerify } from "./support/people.ts";
import { uniqueEmail } from "./support/platform-admin.ts";
import { callFromPage, joinAsMember } from "./support/session-calls.ts";

// A merchant connects their application to Gatehouse's webhooks from the dashboard: adds an
// endpoint, keeps its secret, tries it with a test event, watches it get disabled when the
// application answers 410 Gone, turns it back on, redelivers what it missed, rotates the secret,
// and lets a colleague look without touching. The application is a real receiver on loopback that
// checks every request with standardwebhooks and @polar-sh/sdk's validateEvent; Gatehouse's worker
// (in the server process, as in development) does the sending.

const world = setUpGatehouseInChromium();
const receiver = new WebhookReceiver();
let page: Page;
let organizationId = "";
let endpointPath = "";

const owner = { name: "Wanda Webhooks", email: uniqueEmail("wanda"), password: "webhooks password 1" };
const colleague = { name: "Milo Member", email: uniqueEmail("milo"), password: "webhooks password 2" };
const organization = { name: "Wanda Widgets", slug: "wanda-widgets" };

const deliveries = () => page.getByRole("table", { name: "Delivery attempts" });

/** Picks All, Succeeded or Failed above the deliveries; its radio input is hidden, its label is what people click. */
const showDeliveries = (outcome: string) =>
  page
    .locator("label")
    .filter({ hasText: new RegExp(`^${outcome}$`) })
    .click();

beforeAll(async () => {
  await receiver.start();
  const context = await world.newContext();
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  page = await context.newPage();
  await signUpAndVerify(page, owner);
  const created = await callFromPage<{ id: string }>(page, "POST", "/api/auth/organization/create", organization);
  expect(created.status).toBe(200);
  organizationId = created.body.id;
});

afterAll(() => receiver.close());

describe("webhooks in the dashboard", () => {
  it("adds an endpoint and shows its signing secret once", async () => {
    await page.goto("/dashboard");
    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Webhooks" }).click();
    await page.waitForURL("**/dashboard/webhooks");
    await page.getByText("No webhook endpoints yet.").waitFor();

    await page.getByRole("button", { name: "Add endpoint" }).click();
    const dialog = page.getByRole("dialog", { name: "Add endpoint" });
    await dialog.getByLabel(/^URL/).fill(receiver.url);
    await dialog.getByLabel(/^Name/).fill("Fulfilment");
    // Nothing chosen yet: the form says so instead of creating an endpoint that hears nothing.
    await dialog.getByRole("button", { name: "Add endpoint" }).click();
    await dialog.getByText("Choose at least one event type").waitFor();
    await dialog.getByLabel("All customer events").check();
    await dialog.getByLabel("organization.updated").check();
    await dialog.getByText("Events (5 of 41)").waitFor();
    await dialog.getByRole("button", { name: "Add endpoint" }).click();

    const shown = page.getByRole("dialog", { name: "Copy the endpoint's signing secret" });
    await shown.getByRole("alert").filter({ hasText: "only time the signing secret is shown" }).waitFor();
    const secret = (await page.getByTestId("webhook-secret").textContent())?.trim() ?? "";
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
    await shown.getByRole("button", { name: "Copy secret" }).click();
    await shown.getByRole("button", { name: "Copied", exact: true }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    receiver.secret = secret;

    // Closing the secret opens the endpoint's own page, where it can be tried out.
    await shown.getByRole("button", { name: "I copied the secret" }).click();
    await page.waitForURL((url) => /\/dashboard\/webhooks\/[0-9a-f-]{36}$/.test(url.pathname));
    endpointPath = new URL(page.url()).pathname;
    await page.getByRole("heading", { name: "Fulfilment", level: 1 }).waitFor();
    await page.getByText("Nothing was sent to this endpoint yet.").waitFor();
    await page.reload();
    await page.getByRole("heading", { name: "Fulfilment", level: 1 }).waitFor();
    expect(await page.content()).not.toContain(secret);

    await page.getByRole("link", { name: "← All endpoints" }).click();
    const row = page.getByRole("row").filter({ hasText: receiver.url });
    await row.getByText("5 events").waitFor();
    await row.getByText("Enabled").waitFor();
  });

  it("sends a test event that the application verifies, and shows the delivery", async () => {
    await page.goto(endpointPath);
    await page.getByRole("button", { name: "Send test event" }).click();
    await see(page, "Test event queued");

    const [request] = await receiver.waitFor(1, 15_000);
    expect(request?.standardWebhooks).toEqual({ ok: true });
    expect(request?.polarSdk).toEqual({ ok: true });
    expect(JSON.parse(request?.body ?? "{}")).toMatchObject({ type: "organization.updated", data: { id: organizationId } });

    const row = deliveries().getByRole("row").filter({ hasText: "organization.updated" });
    await row.getByText("Succeeded").waitFor({ timeout: 15_000 });
    await row.getByRole("cell", { name: "200", exact: true }).waitFor();
    await row.getByRole("button", { name: "Show details of the organization.updated attempt" }).click();
    const details = page.getByRole("region", { name: "Details of the organization.updated attempt" });
    await details.getByText(String(request?.headers["webhook-id"])).waitFor();
    expect(await details.getByTestId("delivery-response").textContent()).toBe("ok");
    expect(await details.getByTestId("delivery-payload").textContent()).toContain(organization.name);
  });

  it("shows the endpoint disabled after it answers 410 Gone, then re-enables it and redelivers", async () => {
    receiver.answer({ status: 410, body: "no such hook" });
    await page.getByRole("button", { name: "Send test event" }).click();
    await receiver.waitFor(2, 15_000);

    const banner = page.getByRole("alert").filter({ hasText: "This endpoint is disabled" });
    await banner.getByText("paused because it answered 410 Gone").waitFor({ timeout: 15_000 });
    expect(await page.getByRole("button", { name: "Send test event" }).isDisabled()).toBe(true);
    expect(await page.getByRole("switch", { name: /Enabled/ }).isChecked()).toBe(false);

    // Only the failed attempt, once failures are filtered.
    await deliveries().getByText("Failed").waitFor({ timeout: 15_000 });
    await showDeliveries("Failed");
    await deliveries().getByRole("cell", { name: "410", exact: true }).waitFor();
    await expect.poll(() => deliveries().getByText("Succeeded").count()).toBe(0);

    receiver.answer({ status: 200 });
    await banner.getByRole("button", { name: "Re-enable" }).click();
    await banner.waitFor({ state: "detached" });
    expect(await page.getByRole("switch", { name: /Enabled/ }).isChecked()).toBe(true);

    // The missed event goes again with the same webhook-id, so the application can tell it is a repeat.
    await deliveries().getByRole("button", { name: "Redeliver the organization.updated event" }).click();
    await see(page, "Redelivery scheduled");
    const received = await receiver.waitFor(3, 15_000);
    expect(received[2]?.headers["webhook-id"]).toBe(received[1]?.headers["webhook-id"]);
    expect(received[2]?.standardWebhooks).toEqual({ ok: true });

    await showDeliveries("Succeeded");
    await expect.poll(() => deliveries().getByText("Succeeded").count(), { timeout: 15_000 }).toBe(2);
  });

  it("rotates the secret, with the old one working for a day", async () => {
    await page.getByRole("button", { name: "Rotate secret" }).click();
    const confirm = page.getByRole("dialog", { name: "Rotate signing secret" });
    await confirm.getByText("the old one keeps working for 24 hours").waitFor();
    await confirm.getByRole("button", { name: "Rotate secret" }).click();
    const shown = page.getByRole("dialog", { name: "Copy the new signing secret" });
    const secret = (await shown.getByTestId("webhook-secret").textContent())?.trim() ?? "";
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(receiver.secret);
    await shown.getByRole("button", { name: "I copied the secret" }).click();
    await shown.waitFor({ state: "detached" });

    // An application still on the old secret verifies the next event, and so does one on the new.
    await page.getByRole("button", { name: "Send test event" }).click();
    const [, , , withOld] = await receiver.waitFor(4, 15_000);
    expect(withOld?.standardWebhooks).toEqual({ ok: true });
    receiver.secret = secret;
    await page.getByRole("button", { name: "Send test event" }).click();
    const [, , , , withNew] = await receiver.waitFor(5, 15_000);
    expect(withNew?.standardWebhooks).toEqual({ ok: true });
    expect(withNew?.polarSdk).toEqual({ ok: true });
  });

  it("shows a member the webhooks with no way to change them", async () => {
    const member = await joinAsMember(world, page, organizationId, colleague);

    await member.goto("/dashboard/webhooks");
    await member.getByText("You have read-only access").waitFor();
    await member.getByRole("link", { name: receiver.url }).click();
    await member.getByRole("heading", { name: "Fulfilment", level: 1 }).waitFor();
    await member.getByRole("table", { name: "Delivery attempts" }).getByText("Succeeded").first().waitFor();
    expect(await member.getByLabel(/^URL/).isDisabled()).toBe(true);
    for (const name of ["Add endpoint", "Send test event", "Rotate secret", "Delete endpoint", "Save endpoint"]) {
      expect(await member.getByRole("button", { name }).count()).toBe(0);
    }
    expect(await member.getByRole("button", { name: /^Redeliver/ }).count()).toBe(0);
    expect(await member.getByRole("switch").count()).toBe(0);
  });

  it("turns the endpoint off by hand, then deletes it", async () => {
    await page.getByRole("switch", { name: /Enabled/ }).click({ force: true });
    await page.getByRole("alert").getByText("paused because it was disabled by a member").waitFor();
    await page.goto("/dashboard/webhooks");
    await page.getByRole("row").filter({ hasText: receiver.url }).getByText("Disabled").waitFor();
    await page.getByRole("link", { name: receiver.url }).click();

    await page.getByRole("button", { name: "Delete endpoint" }).click();
    await page.getByRole("dialog", { name: "Delete endpoint" }).getByRole("button", { name: "Delete endpoint" }).click();
    await page.waitForURL("**/dashboard/webhooks");
    await page.getByText("No webhook endpoints yet.").waitFor();
  });
});
