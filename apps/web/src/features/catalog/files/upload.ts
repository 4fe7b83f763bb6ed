import { billingApi } from "../../../lib/billing-api";
import type { FileRead } from "../catalog.api";

// Polar's three-step upload: declare the file and its parts (POST /v1/files/), PUT each part's bytes
// to the URL the answer gives, then report the parts' ETags (POST /v1/files/{id}/uploaded).

const PART_SIZE = 10 * 1024 * 1024;

interface UploadPart {
  number: number;
  chunk_start: number;
  chunk_end: number;
  checksum_sha256_base64?: string | null;
  url: string;
  headers?: Record<string, string>;
}
interface FileUpload {
  id: string;
  path: string;
  upload: { id: string; path: string; parts: UploadPart[] };
}

async function sha256Base64(data: ArrayBuffer): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", data));
  let binary = "";
  for (const byte of digest) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export async function uploadFile(file: File, service: "product_media" | "downloadable"): Promise<FileRead> {
  const whole = await file.arrayBuffer();
  const parts: { number: number; chunk_start: number; chunk_end: number; checksum_sha256_base64: string }[] = [];
  for (let start = 0, number = 1; start < Math.max(file.size, 1); start += PART_SIZE, number++) {
    const end = Math.min(start + PART_SIZE, file.size);
    parts.push({ number, chunk_start: start, chunk_end: end, checksum_sha256_base64: await sha256Base64(whole.slice(start, end)) });
  }
  const created = await billingApi<FileUpload>("/v1/files/", {
    method: "POST",
    body: {
      name: file.name,
      mime_type: file.type || "application/octet-stream",
      size: file.size,
      checksum_sha256_base64: await sha256Base64(whole),
      service,
      upload: { parts },
    },
  });

  const completed = [];
  for (const part of created.upload.parts) {
    const response = await fetch(part.url, {
      method: "PUT",
      headers: part.headers ?? {},
      body: whole.slice(part.chunk_start, part.chunk_end),
    });
    if (!response.ok) throw new Error(`Uploading part ${part.number} of ${file.name} failed (${response.status}).`);
    completed.push({
      number: part.number,
      checksum_etag: response.headers.get("etag") ?? "",
      checksum_sha256_base64: part.checksum_sha256_base64 ?? null,
    });
  }
  return billingApi<FileRead>(`/v1/files/${created.id}/uploaded`, {
    method: "POST",
    body: { id: created.upload.id, path: created.upload.path, parts: completed },
  });
}
