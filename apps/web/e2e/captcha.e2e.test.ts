import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setUpGatehouseInChromium } from "./support/gatehouse.ts";
import { linkFromNewestMail } from "./support/mail-links.ts";
import { see } from "./support/people.ts";

/**
 * The real Turnstile cannot be reached from here, so both of its ends are stood in for: the browser
 * gets a tiny widget script in place of challenges.cloudflare.com's, and the server's siteverify call
 * goes to a local endpoint (CAPTCHA_VERIFY_URL) that accepts tokens starting with "human-".
 */
const fakeWidget = `window.turnstile = {
  render(container, options) {
    let n = 0;
    for (const [label, prefix] of [["I am human", "human"], ["I am a robot", "robot"]]) {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = label;
      button.onclick = () => options.callback(prefix + "-" + options.sitekey + "-" + ++n + "-" + Math.random());
      container.append(button);
    }
    return "widget";
  },
  remove() {},
};`;

let verifier: Server;
/** Every token the server asked the fake provider about, in order. */
const verified: string[] = [];
/** Gatehouse's captcha settings; the verify URL is added once the fake provider listens. */
const captchaEnv: Record<string, string> = {
  CAPTCHA_PROVIDER: "cloudflare-turnstile",
  CAPTCHA_SECRET_KEY: "secret",
  CAPTCHA_SITE_KEY: "site-key",
};

// Hooks run in the order written: the fake provider, then Gatehouse and Chromium, then the laptop.
beforeAll(async () => {
  verifier = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const { response } = JSON.parse(body) as { response: string };
      verified.push(response);
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ success: response.startsWith("human-"), "error-codes": [] }));
    });
  });
  await new Promise<void>((resolve) => verifier.listen(0, "127.0.0.1", resolve));
  const { port } = verifier.address() as AddressInfo;
  captchaEnv.CAPTCHA_VERIFY_URL = `http://127.0.0.1:${port}/siteverify`;
});
afterAll(() => {
  verifier?.close();
});

const world = setUpGatehouseInChromium(captchaEnv);
let laptop: BrowserContext;

beforeAll(async () => {
  laptop = await world.newContext();
  await laptop.route(/challenges\.cloudflare\.com\/turnstile\/v0\/api\.js/, (route) =>
    route.fulfill({ contentType: "application/javascript", body: fakeWidget }),
  );
});

/** A page in a browser of its own, with the stand-in widget in place of Turnstile's script. */
async function pageWithWidget() {
  const page = await world.newPage();
  await page.route(/challenges\.cloudflare\.com/, (route) => route.fulfill({ contentType: "application/javascript", body: fakeWidget }));
  return page;
}

const person = { name: "Frances Allen", email: "frances@example.com", password: "optimising compilers 1" };

describe("a person on a server that asks for a captcha", () => {
  it("cannot sign up before solving the captcha, and can after", async () => {
    const page = await laptop.newPage();
    await page.goto("/sign-up");
    await page.getByLabel(/^Name/).fill(person.name);
    await page.getByLabel(/^Email/).fill(person.email);
    await page.getByLabel(/^Password/).fill(person.password);
    await page.getByRole("button", { name: "Sign up" }).click();
    await see(page, "Complete the captcha check first.");

    await page.getByRole("button", { name: "I am human" }).click();
    await page.getByRole("button", { name: "Sign up" }).click();
    await see(page, "Check your email to verify your address");
    // The widget was drawn with the configured site key, and its token reached the provider.
    expect(verified.at(-1)).toMatch(/^human-site-key-/);
  });

  it("is refused when the provider does not believe the captcha", async () => {
    const mailPage = await laptop.newPage();
    await mailPage.goto(await linkFromNewestMail(world.gatehouse.url, person.email, "Verify your email address"));
    await see(mailPage, "Your email is verified");

    const page = await pageWithWidget();
    await page.goto("/sign-in");
    await page.getByLabel("Email or username").fill(person.email);
    await page.getByLabel(/^Password/).fill(person.password);
    await page.getByRole("button", { name: "I am a robot" }).click();
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.getByRole("alert", { name: /captcha verification failed/i }).waitFor();
    await see(page, "Complete the captcha check and try again.");
  });

  it("signs in with a solved captcha, solving it again after a failed attempt", async () => {
    const page = await pageWithWidget();
    await page.goto("/sign-in");
    await page.getByLabel("Email or username").fill(person.email);
    await page.getByLabel(/^Password/).fill("a wrong password");
    await page.getByRole("button", { name: "I am human" }).click();
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.getByRole("alert", { name: "Invalid email or password" }).waitFor();
    const first = verified.at(-1);

    // Tokens are single-use: the widget was reset and must be solved again.
    await page.getByLabel(/^Password/).fill(person.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await see(page, "Complete the captcha check first.");
    await page.getByRole("button", { name: "I am human" }).click();
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL("**/account**");
    expect(verified.at(-1)).toMatch(/^human-/);
    expect(verified.at(-1)).not.toBe(first);
  });

  it("asks for a password reset link with a solved captcha", async () => {
    const page = await pageWithWidget();
    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill(person.email);
    const before = verified.length;
    await page.getByRole("button", { name: "I am human" }).click();
    await page.getByRole("button", { name: "Send reset link" }).click();
    await see(page, /If an account exists for that email/);
    expect(verified.length).toBe(before + 1);
  });
});
