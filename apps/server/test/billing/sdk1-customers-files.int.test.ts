import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { useBillingServer } from "../support/billing.ts";

/**
 * Customers and files operations that SDK 1.x (API version 2026-04) exposes and the domain files do
 * not already call through it. 1.x answers raw snake_case JSON and rejects with typed errors.
 */
const filesDir = mkdtempSync(join(tmpdir(), "gatehouse-sdk1-files-"));
const { server, merchant } = useBillingServer({ FILES_DIR: filesDir });
afterAll(() => rmSync(filesDir, { recursive: true, force: true }));

// biome-ignore lint/suspicious/noExplicitAny: SDK 1.x answers untyped JSON.
type Json = any;

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("base64");

async function rejectionStatus(call: Promise<unknown>): Promise<number> {
  const error = (await call.then(
    () => {
      throw new Error("expected the call to fail");
    },
    (e: unknown) => e,
  )) as { statusCode?: number };
  return error.statusCode ?? -1;
}

describe("customers through SDK 1.x", () => {
  it("delete by id removes the customer from get, external get and list, and anonymizes on request", async () => {
    const acme = await merchant();
    const kept = (await acme.sdk1.customers.create({ email: "kept@example.com" } as never)) as Json;
    const gone = (await acme.sdk1.customers.create({ email: "gone@example.com", external_id: "gone" } as never)) as Json;
    expect(await acme.sdk1.customers.delete(gone.id)).toBeUndefined();
    expect(await rejectionStatus(acme.sdk1.customers.get(gone.id))).toBe(404);
    expect(await rejectionStatus(acme.sdk1.customers.getExternal("gone"))).toBe(404);
    expect(((await acme.sdk1.customers.list({})) as Json).items.map((c: Json) => c.id)).toEqual([kept.id]);

    const secret = (await acme.sdk1.customers.create({ email: "private@example.com", name: "Private" } as never)) as Json;
    await acme.sdk1.customers.delete(secret.id, { anonymize: true });
    expect(await rejectionStatus(acme.sdk1.customers.get(secret.id))).toBe(404);
    // The API never shows a deleted customer again, so only the stored row can tell that the query
    // parameter reached the server.
    const row = await server.deps.db.selectFrom("customer").selectAll().where("id", "=", secret.id).executeTakeFirstOrThrow();
    expect(row.name).toBeNull();
    expect(row.email).toMatch(/@anonymized\.invalid$/);
  });

  it("getStateExternal answers the customer's state in snake_case", async () => {
    const acme = await merchant();
    const created = (await acme.sdk1.customers.create({ email: "s@example.com", external_id: "user-9", name: "Nine" } as never)) as Json;
    expect(await acme.sdk1.customers.getStateExternal("user-9")).toMatchObject({
      id: created.id,
      external_id: "user-9",
      email: "s@example.com",
      name: "Nine",
      active_subscriptions: [],
      granted_benefits: [],
      active_meters: [],
    });
    expect(await rejectionStatus(acme.sdk1.customers.getStateExternal("nobody"))).toBe(404);
  });
});

describe("files through SDK 1.x", () => {
  it("create → PUT the signed part → uploaded → list, then delete", async () => {
    const acme = await merchant();
    const bytes = new Uint8Array(randomBytes(1500));
    const created = (await acme.sdk1.files.create({
      name: "guide.pdf",
      mime_type: "application/pdf",
      size: bytes.length,
      checksum_sha256_base64: sha256(bytes),
      service: "downloadable",
      upload: { parts: [{ number: 1, chunk_start: 0, chunk_end: bytes.length, checksum_sha256_base64: sha256(bytes) }] },
    } as never)) as Json;
    expect(created).toMatchObject({
      name: "guide.pdf",
      organization_id: acme.organizationId,
      is_uploaded: false,
      service: "downloadable",
      size: 1500,
    });
    const [part] = created.upload.parts;
    const put = await fetch(part.url, { method: "PUT", body: new Blob([bytes]), headers: part.headers });
    expect(put.status).toBe(200);

    const uploaded = (await acme.sdk1.files.uploaded(created.id, {
      id: created.upload.id,
      path: created.upload.path,
      parts: [{ number: 1, checksum_etag: put.headers.get("etag"), checksum_sha256_base64: sha256(bytes) }],
    } as never)) as Json;
    expect(uploaded).toMatchObject({
      id: created.id,
      is_uploaded: true,
      checksum_sha256_base64: sha256(bytes),
      checksum_sha256_hex: createHash("sha256").update(bytes).digest("hex"),
    });
    expect(((await acme.sdk1.files.list({})) as Json).items.map((f: Json) => f.id)).toEqual([created.id]);

    expect(await acme.sdk1.files.delete(created.id)).toBeUndefined();
    expect(((await acme.sdk1.files.list({})) as Json).items).toEqual([]);
    expect(await rejectionStatus(acme.sdk1.files.delete(created.id))).toBe(404);
  });
});
