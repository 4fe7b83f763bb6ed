import { createHmac, timingSafeEqual } from "node:crypto";

/** How long a part upload link works; a client that is slower asks for a new upload. */
export const PART_LINK_TTL_SECONDS = 60 * 60;

export interface PartLink {
  fileId: string;
  uploadId: string;
  number: number;
  /** Unix seconds. */
  expires: number;
}

// The upload id is signed too: a link from an earlier (deleted) upload never works again.
const payload = (link: PartLink) => `gatehouse-file-part\n${link.fileId}\n${link.uploadId}\n${link.number}\n${link.expires}`;

export function signPartLink(secret: string, link: PartLink): string {
  return createHmac("sha256", secret).update(payload(link)).digest("base64url");
}

export function partLinkUrl(baseUrl: string, secret: string, link: PartLink): string {
  const query = new URLSearchParams({ expires: String(link.expires), signature: signPartLink(secret, link) });
  return `${baseUrl}/v1/files/uploads/${link.fileId}/parts/${link.number}?${query}`;
}

export type PartLinkCheck = "ok" | "invalid" | "expired";

export function checkPartLink(secret: string, link: PartLink, signature: string, now: Date): PartLinkCheck {
  const expected = Buffer.from(signPartLink(secret, link));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return "invalid";
  return link.expires * 1000 < now.getTime() ? "expired" : "ok";
}
