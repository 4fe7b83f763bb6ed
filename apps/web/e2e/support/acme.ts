import type { Browser, Page } from "playwright-core";
import { startOidcProvider, type TestOidcProvider } from "../../../server/test/support/oidc-provider.ts";
import { launchChromium } from "./browser.ts";
import { type RunningGatehouse, startGatehouse } from "./gatehouse.ts";

/** What people see on Gatehouse's buttons for the provider (OAUTH_ACME_NAME). */
export const ACME_NAME = "Acme ID";

export interface AcmeWorld {
  /** A real OpenID provider on loopback (127.0.0.1), with its own login and consent pages. */
  idp: TestOidcProvider;
  /** Gatehouse (on localhost) configured with OAUTH_PROVIDERS=acme pointing at `idp`. */
  gatehouse: RunningGatehouse;
  browser: Browser;
  stop(): Promise<void>;
}

/** Starts the provider, then Gatehouse (which reads the provider's discovery document when it starts), then Chromium. */
export async function startAcmeWorld(): Promise<AcmeWorld> {
  const idp = await startOidcProvider();
  const gatehouse = await startGatehouse(idp.gatehouseEnv("acme", { OAUTH_ACME_NAME: ACME_NAME }));
  idp.allowRedirectsTo(gatehouse.url);
  const browser = await launchChromium();
  return {
    idp,
    gatehouse,
    browser,
    async stop() {
      await browser.close();
      await gatehouse.stop();
      await idp.stop();
    },
  };
}

/** Presses "Continue with Acme ID" on /sign-in and waits for the provider's own login page. */
export async function continueWithAcme(page: Page, idp: TestOidcProvider) {
  await page.goto("/sign-in");
  await page.getByRole("button", { name: `Continue with ${ACME_NAME}` }).click();
  await page.waitForURL(`${idp.issuer}/interaction/**`);
}

/** On the provider's login page: logs in as `login`, then allows Gatehouse the email and profile on the consent page. */
export async function logInAtAcme(page: Page, login: string) {
  await page.getByPlaceholder("Enter any login").fill(login);
  await page.getByPlaceholder("and password").fill("any password");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
}
