import { describe, expect, it, vi } from "vitest";
import { type BrowserClient, liveSession } from "../support/auth-client.ts";
import { DAY, freezeDate, HOUR, SECOND } from "../support/fixtures.ts";
import { type Bend, SoftwareAuthenticator } from "../support/software-authenticator.ts";
import { signedInUser, useTestServer } from "../support/test-server.ts";

const RP_NAME = "Gatehouse Passkey Test";
const MINUTE = 60 * SECOND;
const server = useTestServer({ PASSKEY_RP_NAME: RP_NAME });

const REGISTER_OPTIONS = "/api/auth/passkey/generate-register-options";
const VERIFY_REGISTRATION = "/api/auth/passkey/verify-registration";
const AUTHENTICATE_OPTIONS = "/api/auth/passkey/generate-authenticate-options";
const VERIFY_AUTHENTICATION = "/api/auth/passkey/verify-authentication";

const authenticator = (options: { synced?: boolean; counting?: boolean } = {}) =>
  new SoftwareAuthenticator({ origin: server.url, ...options });

async function registrationOptions(browser: BrowserClient, query = "") {
  const response = await browser.fetch(`${REGISTER_OPTIONS}${query}`);
  expect(response.status).toBe(200);
  return response.json();
}

/** The whole "Add a passkey" ceremony; returns the verify-registration answer. */
async function addPasskey(browser: BrowserClient, key: SoftwareAuthenticator, name?: string, bend?: Bend) {
  const options = await registrationOptions(browser);
  return browser.post(VERIFY_REGISTRATION, { response: key.register(options, bend), ...(name ? { name } : {}) });
}

async function passkeysOf(browser: BrowserClient) {
  const { data, error } = await browser.auth.passkey.listUserPasskeys();
  expect(error).toBeNull();
  return data ?? [];
}

/** The whole "Sign in with a passkey" ceremony in the given browser. */
async function signInWithPasskey(browser: BrowserClient, key: SoftwareAuthenticator, bend?: Bend) {
  const options = await (await browser.post(AUTHENTICATE_OPTIONS, {})).json();
  return browser.post(VERIFY_AUTHENTICATION, { response: key.authenticate(options, bend) });
}

const userOf = async (browser: BrowserClient) => (await liveSession(browser))?.user ?? null;

/** A user with one registered passkey. */
async function userWithPasskey(options: { counting?: boolean } = {}) {
  const user = await signedInUser(server);
  const key = authenticator(options);
  const added = await addPasskey(user.client, key, "Laptop");
  expect(added.status).toBe(200);
  return { ...user, key, passkey: await added.json() };
}

describe("GET /passkey/generate-register-options", () => {
  it("offers a challenge for this site, named from PASSKEY_RP_NAME, with a user handle of 1 to 64 bytes", async () => {
    const { client, email } = await signedInUser(server);
    const options = await registrationOptions(client);
    // The rp id is BASE_URL's host name: the browser binds the passkey to it.
    expect(options.rp).toEqual({ id: new URL(server.url).hostname, name: RP_NAME });
    expect(options.user.name).toBe(email);
    const handle = Buffer.from(options.user.id, "base64url");
    expect(handle.length).toBeGreaterThanOrEqual(1);
    expect(handle.length).toBeLessThanOrEqual(64);
    expect(Buffer.from(options.challenge, "base64url").length).toBeGreaterThanOrEqual(16);
    expect(options.pubKeyCredParams.map((p: { alg: number }) => p.alg)).toContain(-7);
    expect(options.attestation).toBe("none");
    // A fresh challenge every time.
    expect((await registrationOptions(client)).challenge).not.toBe(options.challenge);
  });

  it("asks for the kind of authenticator the page chose, and any kind otherwise", async () => {
    const { client } = await signedInUser(server);
    const platform = await registrationOptions(client, "?authenticatorAttachment=platform");
    expect(platform.authenticatorSelection).toMatchObject({ authenticatorAttachment: "platform", residentKey: "preferred" });
    const roaming = await registrationOptions(client, "?authenticatorAttachment=cross-platform");
    expect(roaming.authenticatorSelection.authenticatorAttachment).toBe("cross-platform");
    expect((await registrationOptions(client)).authenticatorSelection.authenticatorAttachment).toBeUndefined();

    const bogus = await client.fetch(`${REGISTER_OPTIONS}?authenticatorAttachment=usb`);
    expect(bogus.status).toBe(400);
  });

  it("lists the passkeys already registered, so the browser refuses to register one twice", async () => {
    const { client, key } = await userWithPasskey();
    const options = await registrationOptions(client);
    expect(options.excludeCredentials).toEqual([expect.objectContaining({ id: key.id, type: "public-key" })]);
  });

  it("refuses a visitor who is not signed in", async () => {
    const response = await server.client().fetch(REGISTER_OPTIONS);
    expect(response.status).toBe(401);
  });

  it("refuses a session older than SESSION_FRESH_AGE (1 day): adding a sign-in method is sensitive", async () => {
    const start = freezeDate();
    const { client } = await signedInUser(server);
    vi.setSystemTime(start + DAY + HOUR);
    const response = await client.fetch(REGISTER_OPTIONS);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: "SESSION_NOT_FRESH" });
  });
});

describe("POST /passkey/verify-registration", () => {
  it("registers the passkey under its name; the passkey list shows it", async () => {
    const { client, userId } = await signedInUser(server);
    const key = authenticator({ synced: true });
    const response = await addPasskey(client, key, "Work laptop");
    expect(response.status).toBe(200);
    const created = await response.json();
    expect(created).toMatchObject({ name: "Work laptop", userId, credentialID: key.id, deviceType: "multiDevice", backedUp: true });

    const list = await passkeysOf(client);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: created.id, name: "Work laptop", credentialID: key.id, transports: "internal,hybrid" });
  });

  it("registers without a name, and a device-bound key as single-device", async () => {
    const { client } = await signedInUser(server);
    const response = await addPasskey(client, authenticator());
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ name: null, deviceType: "singleDevice", backedUp: false });
  });

  it("refuses the same authenticator a second time with 400 'Previously registered'", async () => {
    const { client, key } = await userWithPasskey();
    const again = await addPasskey(client, key, "Again");
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ code: "PREVIOUSLY_REGISTERED", message: "Previously registered" });
    expect(await passkeysOf(client)).toHaveLength(1);

    // Nor can another account claim that credential.
    const other = await signedInUser(server);
    expect((await addPasskey(other.client, key)).status).toBe(400);
    expect(await passkeysOf(other.client)).toHaveLength(0);
  });

  it("refuses an answer to another challenge with 400 and the library's message; nothing is stored", async () => {
    const { client } = await signedInUser(server);
    const response = await addPasskey(client, authenticator(), undefined, {
      challenge: Buffer.from("not the challenge").toString("base64url"),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ code: "FAILED_TO_VERIFY_REGISTRATION", message: "Failed to verify registration" });
    expect(await passkeysOf(client)).toHaveLength(0);
  });

  it("refuses a response made on another origin (a phishing page) or for another site's rp id", async () => {
    const { client } = await signedInUser(server);
    for (const bend of [{ origin: "https://gatehouse.evil.example" }, { rpId: "evil.example" }, { type: "webauthn.get" }]) {
      const response = await addPasskey(client, authenticator(), undefined, bend);
      expect(response.status).toBe(400);
      expect((await response.json()).code).toBe("FAILED_TO_VERIFY_REGISTRATION");
    }
    expect(await passkeysOf(client)).toHaveLength(0);
  });

  it("refuses a response when no ceremony was started, and uses each challenge once", async () => {
    const { client } = await signedInUser(server);
    const key = authenticator();
    const options = await registrationOptions(client);
    const response = key.register(options);

    const elsewhere = await signedInUser(server);
    const noChallenge = await elsewhere.client.post(VERIFY_REGISTRATION, { response });
    expect(noChallenge.status).toBe(400);
    expect(await noChallenge.json()).toEqual({ code: "CHALLENGE_NOT_FOUND", message: "Challenge not found" });

    expect((await client.post(VERIFY_REGISTRATION, { response })).status).toBe(200);
    const replay = await client.post(VERIFY_REGISTRATION, { response: authenticator().register(options) });
    expect(replay.status).toBe(400);
    expect((await replay.json()).code).toBe("CHALLENGE_NOT_FOUND");
  });

  it("refuses a visitor who is not signed in", async () => {
    const response = await server.client().post(VERIFY_REGISTRATION, { response: {} });
    expect(response.status).toBe(401);
  });
});

describe("POST and GET /passkey/generate-authenticate-options", () => {
  it("answers both methods with a challenge for this site; an email in the body changes nothing", async () => {
    const { email } = await userWithPasskey();
    const browser = server.client();
    const viaGet = await browser.fetch(AUTHENTICATE_OPTIONS);
    const viaPost = await browser.post(AUTHENTICATE_OPTIONS, {});
    const known = await browser.post(AUTHENTICATE_OPTIONS, { email });
    const unknown = await browser.post(AUTHENTICATE_OPTIONS, { email: "nobody@example.com" });
    const answers = [];
    for (const response of [viaGet, viaPost, known, unknown]) {
      expect(response.status).toBe(200);
      answers.push(await response.json());
    }
    for (const options of answers) {
      expect(options).toMatchObject({ rpId: new URL(server.url).hostname, userVerification: "preferred" });
      // No credential list: the browser offers the person's passkeys for this site itself, and the
      // answer does not tell whether an address has passkeys.
      expect(options.allowCredentials).toBeUndefined();
    }
    expect(new Set(answers.map((o) => o.challenge)).size).toBe(4);
  });
});

describe("POST /passkey/verify-authentication", () => {
  it("signs a new browser in as the passkey's owner and records the signature counter", async () => {
    const { client, key, userId, email } = await userWithPasskey();
    const browser = server.client();
    expect(await userOf(browser)).toBeNull();

    const response = await signInWithPasskey(browser, key);
    expect(response.status).toBe(200);
    expect((await response.json()).user).toMatchObject({ id: userId, email });
    expect(browser.cookies.has("better-auth.session_token")).toBe(true);
    expect(await userOf(browser)).toMatchObject({ id: userId });

    expect((await signInWithPasskey(server.client(), key)).status).toBe(200);
    expect((await passkeysOf(client))[0]?.counter).toBe(2);
  });

  it("accepts an authenticator that always reports counter 0 (most synced passkeys)", async () => {
    const { key } = await userWithPasskey({ counting: false });
    expect((await signInWithPasskey(server.client(), key)).status).toBe(200);
    expect((await signInWithPasskey(server.client(), key)).status).toBe(200);
  });

  it("refuses a bad signature with 400 'Authentication failed' and signs nobody in", async () => {
    const { key } = await userWithPasskey();
    const browser = server.client();
    const response = await signInWithPasskey(browser, key, { badSignature: true });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ code: "AUTHENTICATION_FAILED", message: "Authentication failed" });
    expect(await userOf(browser)).toBeNull();
  });

  it("refuses a signature by another key over a known credential id", async () => {
    const { key } = await userWithPasskey();
    const response = await signInWithPasskey(server.client(), key, { signWith: authenticator().keys.privateKey });
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe("AUTHENTICATION_FAILED");
  });

  it("refuses an unknown passkey with 400 'Passkey not found'", async () => {
    const browser = server.client();
    const response = await signInWithPasskey(browser, authenticator());
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ code: "PASSKEY_NOT_FOUND", message: "Passkey not found" });
    expect(await userOf(browser)).toBeNull();
  });

  it("refuses a response made on another origin (a phishing page) or for another rp id", async () => {
    const { key } = await userWithPasskey();
    for (const bend of [{ origin: "https://gatehouse.evil.example" }, { rpId: "evil.example" }, { type: "webauthn.create" }]) {
      const browser = server.client();
      const response = await signInWithPasskey(browser, key, bend);
      expect(response.status).toBe(400);
      expect((await response.json()).code).toBe("AUTHENTICATION_FAILED");
      expect(await userOf(browser)).toBeNull();
    }
  });

  it("refuses a replayed response: each challenge signs in once", async () => {
    const { key } = await userWithPasskey();
    const browser = server.client();
    const options = await (await browser.fetch(AUTHENTICATE_OPTIONS)).json();
    const response = key.authenticate(options);
    expect((await browser.post(VERIFY_AUTHENTICATION, { response })).status).toBe(200);

    const attacker = server.client();
    await attacker.fetch(AUTHENTICATE_OPTIONS);
    const replayed = await attacker.post(VERIFY_AUTHENTICATION, { response });
    expect(replayed.status).toBe(400);
    expect(await userOf(attacker)).toBeNull();
  });

  it("refuses a response without a pending challenge with 400 'Challenge not found'", async () => {
    const { key } = await userWithPasskey();
    const response = await server.client().post(VERIFY_AUTHENTICATION, { response: key.authenticate({ challenge: "AAAA" }) });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ code: "CHALLENGE_NOT_FOUND", message: "Challenge not found" });
  });

  it("gives the browser 5 minutes to answer a challenge", async () => {
    const { key } = await userWithPasskey();
    const start = freezeDate();
    const inTime = server.client();
    const late = server.client();
    const inTimeOptions = await (await inTime.fetch(AUTHENTICATE_OPTIONS)).json();
    const lateOptions = await (await late.fetch(AUTHENTICATE_OPTIONS)).json();

    vi.setSystemTime(start + 5 * MINUTE - SECOND);
    expect((await inTime.post(VERIFY_AUTHENTICATION, { response: key.authenticate(inTimeOptions) })).status).toBe(200);
    vi.setSystemTime(start + 5 * MINUTE + SECOND);
    const expired = await late.post(VERIFY_AUTHENTICATION, { response: key.authenticate(lateOptions) });
    expect(expired.status).toBe(400);
    expect((await expired.json()).code).toBe("CHALLENGE_NOT_FOUND");
  });

  it("refuses a counter that went backwards (a cloned authenticator)", async () => {
    const { key } = await userWithPasskey();
    expect((await signInWithPasskey(server.client(), key)).status).toBe(200);
    expect((await signInWithPasskey(server.client(), key)).status).toBe(200);
    const clone = await signInWithPasskey(server.client(), key, { signCount: 1 });
    expect(clone.status).toBe(400);
    expect((await clone.json()).code).toBe("AUTHENTICATION_FAILED");
  });
});

describe("POST /passkey/update-passkey and POST /passkey/delete-passkey", () => {
  it("renames a passkey", async () => {
    const { client, passkey } = await userWithPasskey();
    const response = await client.post("/api/auth/passkey/update-passkey", { id: passkey.id, name: "Old phone" });
    expect(response.status).toBe(200);
    expect((await response.json()).passkey).toMatchObject({ id: passkey.id, name: "Old phone" });
    expect((await passkeysOf(client))[0]?.name).toBe("Old phone");

    const blank = await client.post("/api/auth/passkey/update-passkey", { id: passkey.id, name: "   " });
    expect(blank.status).toBe(400);
    expect((await passkeysOf(client))[0]?.name).toBe("Old phone");
  });

  it("deletes a passkey, which then no longer signs in", async () => {
    const { client, key, passkey } = await userWithPasskey();
    const response = await client.post("/api/auth/passkey/delete-passkey", { id: passkey.id });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: true });
    expect(await passkeysOf(client)).toHaveLength(0);
    expect((await signInWithPasskey(server.client(), key)).status).toBe(400);
  });

  it("lets no one else rename or delete someone's passkey", async () => {
    const owner = await userWithPasskey();
    const other = await signedInUser(server);

    const rename = await other.client.post("/api/auth/passkey/update-passkey", { id: owner.passkey.id, name: "Mine now" });
    expect(rename.status).toBe(401);
    const remove = await other.client.post("/api/auth/passkey/delete-passkey", { id: owner.passkey.id });
    expect(remove.status).toBe(401);
    expect(await passkeysOf(other.client)).toHaveLength(0);

    const [kept] = await passkeysOf(owner.client);
    expect(kept).toMatchObject({ id: owner.passkey.id, name: "Laptop" });
    expect((await signInWithPasskey(server.client(), owner.key)).status).toBe(200);
  });

  it("answers 404 'Passkey not found' for an id that does not exist", async () => {
    const { client } = await signedInUser(server);
    const response = await client.post("/api/auth/passkey/delete-passkey", { id: "no-such-passkey" });
    expect(response.status).toBe(404);
    expect((await response.json()).code).toBe("PASSKEY_NOT_FOUND");
  });

  it("refuses a visitor who is not signed in", async () => {
    const { passkey } = await userWithPasskey();
    const visitor = server.client();
    expect((await visitor.post("/api/auth/passkey/delete-passkey", { id: passkey.id })).status).toBe(401);
    expect((await visitor.fetch("/api/auth/passkey/list-user-passkeys")).status).toBe(401);
  });
});
