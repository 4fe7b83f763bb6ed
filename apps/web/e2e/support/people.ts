import type { Page } from "playwright-core";

/** Waits for a toast or inline message, whichever the page uses. */
export const see = (page: Page, text: string | RegExp) => page.getByText(text).first().waitFor({ timeout: 15_000 });

/** Opens the newest mail with this subject in the development mailbox and follows its link. */
export async function followMailLink(page: Page, subject: string) {
  await page.goto("/dev/mailbox");
  const mail = page.getByRole("button", { name: new RegExp(subject) }).first();
  // The worker polls every 100 ms; the page refetches every 3 s.
  for (let i = 0; i < 20 && !(await mail.isVisible()); i++) {
    await page.getByRole("button", { name: "Refresh" }).click();
    await page.waitForTimeout(250);
  }
  await mail.click();
  await page.getByRole("link", { name: /^http/ }).first().click();
}

/** Signs up through the form and follows the verification mail, which also signs the person in. */
export async function signUpAndVerify(page: Page, person: { name: string; email: string; password: string }) {
  await page.goto("/sign-up");
  await page.getByLabel(/^Name/).fill(person.name);
  await page.getByLabel(/^Email/).fill(person.email);
  await page.getByLabel(/^Password/).fill(person.password);
  await page.getByRole("button", { name: "Sign up" }).click();
  await see(page, "Check your email to verify your address");
  await followMailLink(page, "Verify your email address");
  await page.waitForURL("**/email-verified**");
  await see(page, "Your email is verified");
}

/** Fills the password form on /sign-in; where it leads (account page, two-factor step) is the caller's to check. */
export async function submitPassword(page: Page, email: string, password: string) {
  await page.goto("/sign-in");
  await page.getByLabel("Email or username").fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

export async function signOut(page: Page) {
  await page.goto("/account");
  await page.getByRole("button", { name: "User menu" }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await see(page, "You are signed out.");
}
