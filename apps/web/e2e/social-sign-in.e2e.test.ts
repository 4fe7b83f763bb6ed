import { afterAll, beforeAll, describe, it } from "vitest";
import { type AcmeWorld, continueWithAcme, logInAtAcme, startAcmeWorld } from "./support/acme.ts";
import { see } from "./support/people.ts";

/**
 * Signing in with an OpenID Connect provider in a real browser: Gatehouse configured with
 * OAUTH_PROVIDERS=acme points at a real OpenID provider on loopback, whose own login and consent
 * pages the person fills in.
 */

let acme: AcmeWorld;

beforeAll(async () => {
  acme = await startAcmeWorld();
});
afterAll(async () => {
  await acme?.stop();
});

const newPage = async () => (await acme.browser.newContext({ baseURL: acme.gatehouse.url })).newPage();

describe("sign-in with an OpenID provider", () => {
  it("a new person continues with Acme ID, logs in and consents at Acme, and lands signed in on /account", async () => {
    const email = "ada@acme.example.com";
    acme.idp.addAccount({ login: email, email, name: "Ada Lovelace" });
    const page = await newPage();

    await continueWithAcme(page, acme.idp);
    // Acme's login page, then Acme asks whether Gatehouse may have the person's email and profile.
    await logInAtAcme(page, email);

    await page.waitForURL(`${acme.gatehouse.url}/account**`);
    await see(page, email);
    await see(page, "Ada Lovelace");
  });

  it("cancelling at Acme brings the person back to the sign-in page with an explanation", async () => {
    const page = await newPage();
    await continueWithAcme(page, acme.idp);
    await page.getByRole("link", { name: "[ Cancel ]" }).click();

    await page.waitForURL(`${acme.gatehouse.url}/sign-in**`);
    await see(page, "The sign-in was cancelled at the provider.");
  });
});
