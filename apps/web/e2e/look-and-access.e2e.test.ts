import { describe, expect, it } from "vitest";
import { setUpGatehouseInChromium } from "./support/gatehouse.ts";

const world = setUpGatehouseInChromium();

describe("the web app's look and access", () => {
  it("switches between light and dark and remembers the choice", async () => {
    const page = await world.newPage({ colorScheme: "light" });
    await page.goto("/sign-in");
    const scheme = () => page.locator("html").getAttribute("data-mantine-color-scheme");
    // "auto" follows the system, which this browser reports as light.
    expect(await scheme()).toBe("light");
    // The one button cycles auto → light → dark.
    await page.getByRole("button", { name: "Color scheme: auto. Switch to light" }).click();
    await page.getByRole("button", { name: "Color scheme: light. Switch to dark" }).click();
    await page.getByRole("button", { name: /^Color scheme: dark\./ }).waitFor();
    expect(await scheme()).toBe("dark");
    await page.reload();
    await page.getByRole("button", { name: /^Color scheme: dark\./ }).waitFor();
    expect(await scheme()).toBe("dark");
  });

  it("can be used with the keyboard alone: tab to the fields and submit with Enter", async () => {
    const page = await world.newPage();
    await page.goto("/sign-in");
    await page.getByLabel("Email or username").focus();
    await page.keyboard.type("nobody@example.com");
    await page.keyboard.press("Tab");
    await page.keyboard.type("not the password");
    await page.keyboard.press("Enter");
    await page.getByText("Invalid email or password").first().waitFor();
  });

  it("fits a phone screen: the navigation folds into a menu button", async () => {
    const page = await world.newPage({ viewport: { width: 375, height: 700 } });
    await page.goto("/");
    const burger = page.getByRole("button", { name: "Open navigation" });
    await burger.click();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Sign in" }).click();
    await page.waitForURL("**/sign-in");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it("shows the development mailbox outside production", async () => {
    const page = await world.newPage();
    await page.goto("/dev/mailbox");
    await page.getByRole("button", { name: "Refresh" }).waitFor();
    expect(await page.getByText("The development mailbox is off in production").count()).toBe(0);
  });
});
