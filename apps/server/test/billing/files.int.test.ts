import { createHash, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { filesByIds } from "../../src/billing/files/files.repository.ts";
import { apiClient, useBillingServer } from "../support/billing.ts";
import { STORAGE_KINDS, useFileStorage } from "../support/file-storages.ts";
import { partsOf, putPart, sha256, uploadFile } from "../support/files.ts";

// Every test runs once per storage: the same API over local disk and over an S3-compatible server.
describe.each(STORAGE_KINDS)("files on %s storage", (kind) => {
  const storage = useFileStorage(kind, { FILES_MAX_BYTES: String(40 * 1024 * 1024) });
  const { server, merchant } = useBillingServer(storage.env);
  const keysOf = async (fileId: string) => (await storage.storedKeys()).filter((key) => key.includes(fileId));

  describe("POST /v1/files/ → PUT parts → POST /v1/files/{id}/uploaded", () => {
    it("uploads a downloadable in parts through SDK 0.47 and keeps the assembled bytes", async () => {
      const acme = await merchant();
      const bytes = new Uint8Array(randomBytes(2500));
      const upload = await acme.sdk.files.create({
        name: "manual.pdf",
        mimeType: "application/pdf",
        size: bytes.length,
        checksumSha256Base64: sha256(bytes),
        service: "downloadable",
        upload: {
          parts: partsOf(bytes, 1000).map((p) => ({
            number: p.number,
            chunkStart: p.chunk_start,
            chunkEnd: p.chunk_end,
            checksumSha256Base64: p.checksum_sha256_base64,
          })),
        },
      });
      expect(upload).toMatchObject({
        name: "manual.pdf",
        organizationId: acme.organizationId,
        isUploaded: false,
        service: "downloadable",
        size: 2500,
        sizeReadable: "2.4 KB",
      });
      expect(upload.upload.parts).toHaveLength(3);
      expect(upload.upload.parts[0]?.url).toMatch(
        new RegExp(`^${server.url}/v1/files/uploads/${upload.id}/parts/1\\?expires=\\d+&signature=`),
      );

      const parts = [];
      for (const part of upload.upload.parts) {
        // No bearer token: the signed link is the credential.
        const response = await putPart(part.url, bytes.subarray(part.chunkStart, part.chunkEnd), part.headers);
        expect(response.status).toBe(200);
        parts.push({
          number: part.number,
          checksumEtag: response.headers.get("etag") ?? "",
          checksumSha256Base64: part.checksumSha256Base64 ?? null,
        });
      }
      const file = await acme.sdk.files.uploaded({
        id: upload.id,
        fileUploadCompleted: { id: upload.upload.id, path: upload.upload.path, parts },
      });
      expect(file).toMatchObject({ id: upload.id, isUploaded: true, service: "downloadable", checksumSha256Base64: sha256(bytes) });
      expect(file.checksumSha256Hex).toBe(createHash("sha256").update(bytes).digest("hex"));
      expect(file.checksumEtag).toMatch(/^[0-9a-f]{32}-3$/);
      expect(file.lastModifiedAt).toBeInstanceOf(Date);
      expect("publicUrl" in file).toBe(false);
      // The assembled object is kept and its parts are gone.
      expect(await keysOf(upload.id)).toEqual([`objects/${upload.id}`]);
    });

    it("takes parts larger than the server-wide request limit (Polar's clients send 5–10 MB parts)", async () => {
      const acme = await merchant();
      const bytes = new Uint8Array(randomBytes(3 * 1024 * 1024));
      const created = await acme.api.post("/v1/files/", {
        name: "big.zip",
        mime_type: "application/zip",
        service: "downloadable",
        size: bytes.length,
        checksum_sha256_base64: sha256(bytes),
        upload: { parts: partsOf(bytes, bytes.length) },
      });
      expect(created.status).toBe(201);
      const [part] = created.body.upload.parts;
      const response = await putPart(part.url, bytes, part.headers);
      expect(response.status).toBe(200);
      const done = await acme.api.post(`/v1/files/${created.body.id}/uploaded`, {
        id: created.body.upload.id,
        path: created.body.upload.path,
        parts: [{ number: 1, checksum_etag: response.headers.get("etag") }],
      });
      expect(done.body).toMatchObject({ is_uploaded: true, size: bytes.length });
    });

    it("serves product media at its public_url without a token, and not downloadables", async () => {
      const acme = await merchant();
      const bytes = new Uint8Array(randomBytes(1500));
      const { file: media } = await uploadFile(acme, bytes);
      expect(media.public_url).toBe(`${server.url}/v1/files/public/${media.id}`);
      const served = await fetch(media.public_url);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/png");
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);

      const { file: download } = await uploadFile(acme, bytes, {
        name: "secret.zip",
        mime_type: "application/zip",
        service: "downloadable",
      });
      expect((await fetch(`${server.url}/v1/files/public/${download.id}`)).status).toBe(404);
    });

    it("returns 422 when the bytes do not match the declared SHA-256, and marks nothing uploaded", async () => {
      const acme = await merchant();
      const bytes = new Uint8Array(randomBytes(800));
      const created = await acme.api.post("/v1/files/", {
        name: "a.bin",
        mime_type: "application/octet-stream",
        service: "downloadable",
        size: 800,
        checksum_sha256_base64: sha256(new Uint8Array(randomBytes(800))),
        upload: { parts: [{ number: 1, chunk_start: 0, chunk_end: 800 }] },
      });
      const part = created.body.upload.parts[0];
      const response = await putPart(part.url, bytes);
      const done = await acme.api.post(`/v1/files/${created.body.id}/uploaded`, {
        id: created.body.upload.id,
        path: created.body.upload.path,
        parts: [{ number: 1, checksum_etag: response.headers.get("etag"), checksum_sha256_base64: null }],
      });
      expect(done.status).toBe(422);
      expect(done.body.detail[0].msg).toContain("SHA-256");
      const row = await server.deps.db.selectFrom("file").select("is_uploaded").where("id", "=", created.body.id).executeTakeFirstOrThrow();
      expect(Boolean(row.is_uploaded)).toBe(false);
      expect((await acme.api.get("/v1/files/")).body.items).toEqual([]);
      expect(await keysOf(created.body.id)).toEqual([]);
    });

    it("keeps the last try of a part sent twice, and only its ETag completes the upload", async () => {
      const acme = await merchant();
      const [first, second] = [new Uint8Array(randomBytes(600)), new Uint8Array(randomBytes(600))];
      const created = await acme.api.post("/v1/files/", {
        name: "retry.png",
        mime_type: "image/png",
        service: "product_media",
        size: 600,
        upload: { parts: [{ number: 1, chunk_start: 0, chunk_end: 600 }] },
      });
      const url: string = created.body.upload.parts[0].url;
      const firstEtag = (await putPart(url, first)).headers.get("etag");
      const secondEtag = (await putPart(url, second)).headers.get("etag");
      expect(secondEtag).not.toBe(firstEtag);
      const complete = (etag: string | null) =>
        acme.api.post(`/v1/files/${created.body.id}/uploaded`, {
          id: created.body.upload.id,
          path: created.body.upload.path,
          parts: [{ number: 1, checksum_etag: etag }],
        });
      expect((await complete(firstEtag)).status).toBe(422);
      const done = await complete(secondEtag);
      expect(done.body).toMatchObject({ is_uploaded: true, checksum_sha256_base64: sha256(second) });
      expect(new Uint8Array(await (await fetch(done.body.public_url)).arrayBuffer())).toEqual(second);
    });

    it("refuses a part whose bytes do not match its checksum or size, and links with a bad or expired signature", async () => {
      const acme = await merchant();
      const bytes = new Uint8Array(randomBytes(100));
      const created = await acme.api.post("/v1/files/", {
        name: "a.bin",
        mime_type: "application/octet-stream",
        service: "downloadable",
        size: 100,
        upload: { parts: [{ number: 1, chunk_start: 0, chunk_end: 100, checksum_sha256_base64: sha256(bytes) }] },
      });
      const url: string = created.body.upload.parts[0].url;
      expect((await putPart(url, new Uint8Array(randomBytes(100)))).status).toBe(422);
      expect((await putPart(url, bytes.subarray(0, 50))).status).toBe(422);
      expect((await putPart(url.replace(/signature=[^&]+/, "signature=forged"), bytes)).status).toBe(403);
      expect((await putPart(url.replace(/expires=\d+/, "expires=1"), bytes)).status).toBe(403);
      expect((await putPart(url, bytes)).status).toBe(200);
    });

    it("returns 422 for an unknown ETag, a missing part or a wrong upload id", async () => {
      const acme = await merchant();
      const bytes = new Uint8Array(randomBytes(300));
      const created = await acme.api.post("/v1/files/", {
        name: "a.bin",
        mime_type: "text/plain",
        service: "downloadable",
        size: 300,
        upload: { parts: partsOf(bytes, 200) },
      });
      const [first, second] = created.body.upload.parts;
      const etag = (await putPart(first.url, bytes.subarray(0, 200))).headers.get("etag");
      const complete = (body: Record<string, unknown>) =>
        acme.api.post(`/v1/files/${created.body.id}/uploaded`, { id: created.body.upload.id, path: created.body.upload.path, ...body });
      const notUploaded = await complete({
        parts: [
          { number: 1, checksum_etag: etag },
          { number: 2, checksum_etag: "x" },
        ],
      });
      expect(notUploaded.body.detail[0]).toMatchObject({ loc: ["body", "parts", 1, "checksum_etag"] });
      await putPart(second.url, bytes.subarray(200));
      const wrongEtag = await complete({
        parts: [
          { number: 1, checksum_etag: '"0000"' },
          { number: 2, checksum_etag: etag },
        ],
      });
      expect(wrongEtag.body.detail[0].loc).toEqual(["body", "parts", 0, "checksum_etag"]);
      const missing = await complete({ parts: [{ number: 1, checksum_etag: etag }] });
      expect(missing.body.detail[0].loc).toEqual(["body", "parts"]);
      const wrongId = await complete({ id: "nope", parts: [{ number: 1, checksum_etag: etag }] });
      expect(wrongId.body.detail[0].loc).toEqual(["body", "id"]);
    });
  });

  describe("POST /v1/files/ validation", () => {
    it("returns 422 for a non-image product media, a bad MIME type, a size over the limit, or parts that do not tile the file", async () => {
      const acme = await merchant();
      const base = {
        name: "x",
        mime_type: "image/png",
        service: "product_media",
        size: 10,
        upload: { parts: [{ number: 1, chunk_start: 0, chunk_end: 10 }] },
      };
      const post = (body: Record<string, unknown>) => acme.api.post("/v1/files/", { ...base, ...body });
      expect((await post({ mime_type: "application/pdf" })).body.detail[0].loc).toEqual(["body", "mime_type"]);
      expect((await post({ service: "downloadable", mime_type: "pdf" })).body.detail[0].loc).toEqual(["body", "mime_type"]);
      const tooBig = await post({ service: "downloadable", mime_type: "application/zip", size: 41 * 1024 * 1024 });
      expect(tooBig.body.detail[0]).toMatchObject({ loc: ["body", "size"], type: "less_than_equal" });
      const gap = await post({
        size: 20,
        upload: {
          parts: [
            { number: 1, chunk_start: 0, chunk_end: 10 },
            { number: 2, chunk_start: 11, chunk_end: 20 },
          ],
        },
      });
      expect(gap.body.detail[0].loc).toEqual(["body", "upload", "parts", 1, "chunk_start"]);
      const short = await post({ size: 20 });
      expect(short.body.detail[0].loc).toEqual(["body", "upload", "parts"]);
      const hugePart = await post({
        service: "downloadable",
        mime_type: "application/zip",
        size: 17 * 1024 * 1024,
        upload: { parts: [{ number: 1, chunk_start: 0, chunk_end: 17 * 1024 * 1024 }] },
      });
      expect(hugePart.body.detail[0].loc).toEqual(["body", "upload", "parts", 0, "chunk_end"]);
      expect((await post({ service: "nope" })).status).toBe(422);
      expect(
        (await server.deps.db.selectFrom("file").select("id").where("organization_id", "=", acme.organizationId).execute()).length,
      ).toBe(0);
    });

    it("answers 403 to a token without files:write", async () => {
      const acme = await merchant();
      const reader = apiClient(server.url, await acme.tokenWithScopes(["files:read"]));
      expect((await reader.post("/v1/files/", { name: "x" })).status).toBe(403);
      expect((await reader.get("/v1/files/")).status).toBe(200);
      const none = apiClient(server.url, await acme.tokenWithScopes(["products:read"]));
      expect((await none.get("/v1/files/")).status).toBe(403);
    });
  });

  describe("GET /v1/files/", () => {
    it("lists finished uploads with ids filter and pagination, never another organization's (both SDKs)", async () => {
      const acme = await merchant();
      const globex = await merchant("Globex");
      const bytes = new Uint8Array(randomBytes(10));
      const { file: a } = await uploadFile(acme, bytes, { name: "a.png" });
      const { file: b } = await uploadFile(acme, bytes, { name: "b.png" });
      const { file: c } = await uploadFile(acme, bytes, { name: "c.png" });
      await acme.api.post("/v1/files/", {
        name: "pending.png",
        mime_type: "image/png",
        service: "product_media",
        size: 1,
        upload: { parts: [{ number: 1, chunk_start: 0, chunk_end: 1 }] },
      });
      const { file: g } = await uploadFile(globex, bytes, { name: "g.png" });

      const page = await acme.sdk.files.list({ limit: 2 });
      expect(page.result.pagination).toEqual({ totalCount: 3, maxPage: 2 });
      expect(page.result.items.map((f) => f.name)).toEqual(["c.png", "b.png"]);
      const byIds = await acme.sdk1.files.list({ ids: [a.id, g.id] });
      expect(byIds.items.map((f) => f.id)).toEqual([a.id]);
      const ids = await acme.api.get(`/v1/files/?ids=${b.id}&ids=${c.id}`);
      expect(ids.body.items.map((f: { name: string }) => f.name).sort()).toEqual(["b.png", "c.png"]);

      const map = await filesByIds(server.deps.db, acme.organizationId, [a.id, g.id, "missing"]);
      expect([...map.keys()]).toEqual([a.id]);
      expect(map.get(a.id)).toEqual(a);
    });
  });

  describe("PATCH /v1/files/{id} and DELETE /v1/files/{id}", () => {
    it("renames a file, then deletes it with its bytes; another organization gets 404", async () => {
      const acme = await merchant();
      const globex = await merchant("Globex");
      const { file } = await uploadFile(acme, new Uint8Array(randomBytes(64)));
      expect((await globex.api.patch(`/v1/files/${file.id}`, { name: "stolen" })).status).toBe(404);
      expect((await globex.api.delete(`/v1/files/${file.id}`)).status).toBe(404);

      const renamed = await acme.sdk.files.update({ id: file.id, filePatch: { name: "renamed.png", version: "2" } });
      expect(renamed).toMatchObject({ name: "renamed.png", version: "2", service: "product_media", publicUrl: file.public_url });
      const viaSdk1 = await acme.sdk1.files.update(file.id, { name: "again.png" });
      expect(viaSdk1).toMatchObject({ name: "again.png", version: "2" });

      expect(await keysOf(file.id)).toEqual([`objects/${file.id}`]);
      await acme.sdk.files.delete({ id: file.id });
      expect(await keysOf(file.id)).toEqual([]);
      expect((await fetch(file.public_url)).status).toBe(404);
      expect((await acme.api.delete(`/v1/files/${file.id}`)).status).toBe(404);
    });
  });
});
