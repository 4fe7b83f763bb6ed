import { createHash } from "node:crypto";
import { expect } from "vitest";
import type { Merchant } from "./billing.ts";

export const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("base64");

/** Splits the bytes into parts of `partSize`, as a client declares them. */
export function partsOf(bytes: Uint8Array, partSize: number) {
  const parts = [];
  for (let start = 0, number = 1; start < bytes.length; start += partSize, number++) {
    const end = Math.min(start + partSize, bytes.length);
    parts.push({ number, chunk_start: start, chunk_end: end, checksum_sha256_base64: sha256(bytes.subarray(start, end)) });
  }
  return parts;
}

/** PUTs bytes to a signed part URL, as a client does: no token, the headers the upload named. */
export const putPart = (url: string, body: Uint8Array, headers: Record<string, string> = {}) =>
  fetch(url, { method: "PUT", body: new Blob([body as Uint8Array<ArrayBuffer>]), headers });

/**
 * The whole flow through the raw API: create (product media unless `fields` say otherwise), PUT
 * every part, complete. Answers the finished file and the upload it went through.
 */
export async function uploadFile(m: Merchant, bytes: Uint8Array, fields: Record<string, unknown> = {}) {
  const created = await m.api.post("/v1/files/", {
    name: "logo.png",
    mime_type: "image/png",
    service: "product_media",
    size: bytes.length,
    checksum_sha256_base64: sha256(bytes),
    upload: { parts: partsOf(bytes, 1024) },
    ...fields,
  });
  expect(created.status).toBe(201);
  const etags = [];
  for (const part of created.body.upload.parts) {
    const response = await putPart(part.url, bytes.subarray(part.chunk_start, part.chunk_end), part.headers);
    expect(response.status).toBe(200);
    etags.push({ number: part.number, checksum_etag: response.headers.get("etag"), checksum_sha256_base64: part.checksum_sha256_base64 });
  }
  const done = await m.api.post(`/v1/files/${created.body.id}/uploaded`, {
    id: created.body.upload.id,
    path: created.body.upload.path,
    parts: etags,
  });
  expect(done.status).toBe(200);
  const upload: { id: string; path: string } = { id: created.body.upload.id, path: created.body.upload.path };
  return { file: done.body, upload };
}
