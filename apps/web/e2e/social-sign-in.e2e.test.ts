import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, it } from "vitest";
import { startOidcProvider, type TestOidcProvider } from "../../server/test/support/oidc-provider.ts";
import { launchChromium } from "./support/browser.ts";
import { type RunningGatehouse, startGatehouse } from "./support/gatehouse.ts";

/**
 * Signing in with an OpenID Connect provider in a real browser: Gatehouse configured with
 * OAUTH_PROVIDERS=acme points at a real OpenID provider on loopback, whose own login and consent
 * pages the person fills in.
 */

let idp: TestOidcProvider;
let gatehouse: RunningGatehouse;
let browser: Browser;

beforeAll(async () => {
  // The provider first: Gatehouse reads its discovery document when it starts.
  idp = await startOidcProvider();
  gatehouse = await startGatehouse(idp.gatehouseEnv("acme", { OAUTH_ACME_NAME: "Acme ID" }));
  idp.allowRedirectsTo(gatehouse.url);
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await gatehouse?.stop();
  await idp?.stop();
});

const see = (page: Page, text: string | RegExp) => page.getByText(text).first().waitFor({ timeout: 15_000 });

async function continueWithAcme(page: Page) {
  await page.goto("/sign-in");
  await page.getByRole("button", { name: "Continue with Acme ID" }).click();
  // The provider's own login page.
  await page.waitForURL(`${idp.issuer}/interaction/**`);
}

describe("sign-in with an OpenID provider", () => {
  it("a new person continues with Acme ID, logs in and consents at Acme, and lands signed in on /account", async () => {
    const email = "ada@acme.example.com";
    idp.addAccount({ login: email, email, name: "Ada Lovelace" });
    const page = await (await browser.newContext({ baseURL: gatehouse.url })).newPage();

    await continueWithAcme(page);
    await page.getByPlaceholder("Enter any login").fill(email);
    await page.getByPlaceholder("and password").fill("any password");
    await page.getByRole("button", { name: "Sign-in" }).click();
    // Acme asks whether Gatehouse may have the person's email and profile.
    await page.getByRole("button", { name: "Continue" }).click();

    await page.waitForURL(`${gatehouse.url}/account**`);
    await see(page, email);
    await see(page, "Ada Lovelace");
  });

  it("cancelling at Acme brings the person back to the sign-in page with an explanation", async () => {
    const page = await (await browser.newContext({ baseURL: gatehouse.url })).newPage();
    await continueWithAcme(page);
    await page.getByRole("link", { name: "[ Cancel ]" }).click();

    await page.waitForURL(`${gatehouse.url}/sign-in**`);
    await see(page, "The sign-in was cancelled at the provider.");
  });
});
