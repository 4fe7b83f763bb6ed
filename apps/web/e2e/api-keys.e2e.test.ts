import { describe, expect, it } from "vitest";
import { setUpGatehouseInChromium } from "./support/gatehouse.ts";
import { see, signUpAndVerify } from "./support/people.ts";
import { e2eDatabase, uniqueEmail } from "./support/platform-admin.ts";

const world = setUpGatehouseInChromium(e2eDatabase().env);

describe("personal API keys on the account page", () => {
  it("creates a key shown once in full, lists it by its first characters only, disables, renames and deletes it", async () => {
    const context = await world.newContext();
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const page = await context.newPage();
    await signUpAndVerify(page, { name: "Kay Keys", email: uniqueEmail("kay"), password: "kay password 1" });

    await page.goto("/account?tab=api-keys");
    await page.getByText("You have no API keys yet.").waitFor();
    await page.getByRole("button", { name: "Create API key" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel(/^Name/).fill("CI deploys");
    await dialog.getByLabel("Expires after").selectOption({ label: "30 days" });
    await dialog.getByRole("button", { name: "Create API key" }).click();

    // The one showing of the secret, with a warning and a working copy button.
    await dialog.getByRole("alert").filter({ hasText: "only time the full key is shown" }).waitFor();
    const key = (await dialog.getByLabel("New API key").textContent())?.trim() ?? "";
    expect(key).toMatch(/^gate_\w{40,}/);
    await dialog.getByRole("button", { name: "Copy key" }).click();
    await dialog.getByRole("button", { name: "Copied", exact: true }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await dialog.getByRole("button", { name: "I copied the key" }).click();
    await dialog.waitFor({ state: "detached" });

    // Listed by name and its first characters; the secret is nowhere on the page, then or after a reload.
    const row = page.getByRole("row").filter({ hasText: "CI deploys" });
    // The default prefix (gate_) and six more characters.
    await row.getByText(`${key.slice(0, "gate_".length + 6)}…`).waitFor();
    expect(await page.content()).not.toContain(key);
    await page.reload();
    await row.waitFor();
    expect(await page.content()).not.toContain(key);

    const enabled = row.getByRole("switch", { name: "Enabled: CI deploys" });
    expect(await enabled.isChecked()).toBe(true);
    await enabled.click({ force: true });
    await see(page, /The key is disabled/);
    await expect.poll(() => enabled.isChecked()).toBe(false);

    await row.getByRole("button", { name: "Rename CI deploys" }).click();
    const rename = page.getByRole("dialog", { name: "Rename API key" });
    await rename.getByLabel(/^Name/).fill("Old CI deploys");
    await rename.getByRole("button", { name: "Save name" }).click();
    const renamed = page.getByRole("row").filter({ hasText: "Old CI deploys" });
    await renamed.waitFor();

    await renamed.getByRole("button", { name: "Delete Old CI deploys" }).click();
    await page.getByRole("dialog", { name: "Delete API key?" }).getByRole("button", { name: "Delete" }).click();
    await page.getByText("You have no API keys yet.").waitFor();
  });
});
