import { describe, expect, it, vi } from "vitest";
import { freezeDate, SECOND, uniqueEmail } from "../support/fixtures.ts";
import { linkIn } from "../support/smtp-inbox.ts";
import { signedInUser, startTestServer, useTestServer } from "../support/test-server.ts";

const VERIFY_SUBJECT = "Verify your email address";

const server = useTestServer();

/** Signs up without following the verification mail; returns the address and its mails so far. */
async function unverifiedUser(tag: string) {
  const email = uniqueEmail(tag);
  const password = "correct horse battery";
  const { error } = await server.client().auth.signUp.email({ email, password, name: "Unverified" });
  if (error) throw new Error(`sign-up failed: ${error.message}`);
  await server.drainJobs();
  return { email, password, mailsAfterSignUp: server.inbox.to(email).length };
}

async function isVerified(email: string, password: string): Promise<boolean> {
  const { data, error } = await server.client().auth.signIn.email({ email, password });
  if (error?.status === 403) return false;
  if (error) throw new Error(`unexpected sign-in error ${error.status} ${error.message}`);
  return data?.user.emailVerified === true;
}

/** The verification token carried by a mailed link. */
function tokenIn(link: string): string {
  const token = new URL(link).searchParams.get("token");
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}

describe("POST /api/auth/send-verification-email", () => {
  it("mails a fresh link whose callbackURL is honoured after verification", async () => {
    const { email, password, mailsAfterSignUp } = await unverifiedUser("resend");
    const browser = server.client();

    const response = await browser.post("/api/auth/send-verification-email", { email, callbackURL: "/welcome" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: true });

    await server.drainJobs();
    const mails = server.inbox.to(email);
    expect(mails).toHaveLength(mailsAfterSignUp + 1);
    const mail = mails.at(-1);
    expect(mail?.subject).toBe(VERIFY_SUBJECT);
    const link = linkIn(mail);
    expect(link.startsWith(`${server.url}/api/auth/verify-email?token=`)).toBe(true);

    const followed = await browser.fetch(link);
    expect(followed.status).toBe(302);
    expect(followed.headers.get("location")).toBe("/welcome");

    // Verified, and signed in by the link.
    const session = await browser.auth.getSession();
    expect(session.data?.user).toMatchObject({ email, emailVerified: true });
    expect(await isVerified(email, password)).toBe(true);
  });

  it("accepts an absolute callbackURL on a trusted origin", async () => {
    const { email } = await unverifiedUser("absolute");
    const callbackURL = `${server.url}/settings?tab=profile`;
    const response = await server.client().post("/api/auth/send-verification-email", { email, callbackURL });
    expect(response.status).toBe(200);
    await server.drainJobs();

    const followed = await server.client().fetch(linkIn(server.inbox.to(email).at(-1)));
    expect(followed.status).toBe(302);
    expect(followed.headers.get("location")).toBe(callbackURL);
  });

  it("refuses an untrusted callbackURL with 403 'Invalid callbackURL' and sends nothing", async () => {
    const { email, mailsAfterSignUp } = await unverifiedUser("evil");
    const response = await server.client().post("/api/auth/send-verification-email", { email, callbackURL: "https://evil.example/steal" });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ message: "Invalid callbackURL" });
    await server.drainJobs();
    expect(server.inbox.to(email)).toHaveLength(mailsAfterSignUp);
  });

  it("answers status true for an unknown address without sending mail", async () => {
    const email = uniqueEmail("nobody");
    const response = await server.client().post("/api/auth/send-verification-email", { email });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: true });
    await server.drainJobs();
    expect(server.inbox.to(email)).toHaveLength(0);
  });

  it("answers status true for an already verified address without sending mail", async () => {
    const { email } = await signedInUser(server);
    const before = server.inbox.to(email).length;
    const response = await server.client().post("/api/auth/send-verification-email", { email });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: true });
    await server.drainJobs();
    expect(server.inbox.to(email)).toHaveLength(before);
  });
});

describe("GET /api/auth/verify-email", () => {
  it("verifies the address and signs the user in", async () => {
    const { email, password } = await unverifiedUser("verify");
    expect(await isVerified(email, password)).toBe(false);
    await server.drainJobs(); // the sign-in attempt above mailed the link again

    const browser = server.client();
    const token = tokenIn(linkIn(server.inbox.to(email).at(-1)));
    const response = await browser.fetch(`/api/auth/verify-email?token=${token}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: true });

    expect((await browser.auth.getSession()).data?.user).toMatchObject({ email, emailVerified: true });
    expect(await isVerified(email, password)).toBe(true);
  });

  it("redirects a bad token to the callbackURL with an error and verifies nothing", async () => {
    const { email, password } = await unverifiedUser("badtoken");
    const response = await server.client().fetch("/api/auth/verify-email?token=not-a-real-token&callbackURL=%2Fwelcome");
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("location") ?? "", server.url);
    expect(location.pathname).toBe("/welcome");
    // SPEC §8 writes the code in lower case; better-auth sends it upper-case (docs/compatibility.md).
    expect(location.searchParams.get("error")?.toLowerCase()).toBe("invalid_token");
    expect(await isVerified(email, password)).toBe(false);
  });

  it("answers a bad token without callbackURL with 401 'Invalid token'", async () => {
    const response = await server.client().fetch("/api/auth/verify-email?token=not-a-real-token");
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: "INVALID_TOKEN", message: "Invalid token" });
  });

  it("refuses a token signed with another secret", async () => {
    const { email, password } = await unverifiedUser("forged");
    const other = await startTestServer();
    try {
      await other.client().auth.signUp.email({ email, password, name: "Elsewhere" });
      await other.drainJobs();
      const forged = tokenIn(linkIn(other.inbox.to(email).at(-1)));
      const response = await server.client().fetch(`/api/auth/verify-email?token=${forged}`);
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ message: "Invalid token" });
    } finally {
      await other.stop();
    }
    expect(await isVerified(email, password)).toBe(false);
  });

  it("still accepts a link shortly before its hour is up", async () => {
    const start = freezeDate();
    const { email, password } = await unverifiedUser("intime");
    const link = linkIn(server.inbox.to(email).at(-1));
    vi.setSystemTime(start + 3590 * SECOND);
    const response = await server.client().fetch(link);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
    expect(await isVerified(email, password)).toBe(true);
  });

  it("rejects a link older than 3600 s as expired", async () => {
    const start = freezeDate();
    const { email, password } = await unverifiedUser("expired");
    const token = tokenIn(linkIn(server.inbox.to(email).at(-1)));
    vi.setSystemTime(start + 3601 * SECOND);

    const redirected = await server.client().fetch(`/api/auth/verify-email?token=${token}&callbackURL=%2Fwelcome`);
    expect(redirected.status).toBe(302);
    const location = new URL(redirected.headers.get("location") ?? "", server.url);
    expect(location.pathname).toBe("/welcome");
    expect(location.searchParams.get("error")?.toLowerCase()).toBe("token_expired");

    const json = await server.client().fetch(`/api/auth/verify-email?token=${token}`);
    expect(json.status).toBe(401);
    expect(await json.json()).toMatchObject({ message: "Token expired" });

    expect(await isVerified(email, password)).toBe(false);
  });

  it("refuses an untrusted callbackURL with 403 'Invalid callbackURL'", async () => {
    const { email, password } = await unverifiedUser("evilget");
    const token = tokenIn(linkIn(server.inbox.to(email).at(-1)));
    const response = await server
      .client()
      .fetch(`/api/auth/verify-email?token=${token}&callbackURL=${encodeURIComponent("https://evil.example/")}`);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ message: "Invalid callbackURL" });
    expect(await isVerified(email, password)).toBe(false);
  });
});
