import type { Insertable, Kysely, Selectable, Updateable } from "kysely";
import type { DB, FileTable } from "../../db/schema.ts";
import { toBool, toIso } from "../api/wire.ts";
import type { FileOut, FileService } from "./files.schemas.ts";

export type FileRow = Selectable<FileTable>;

/** A part as declared when the upload was created. */
export interface DeclaredPart {
  number: number;
  chunk_start: number;
  chunk_end: number;
  checksum_sha256_base64: string | null;
}

export const declaredParts = (row: Pick<FileRow, "upload_parts">): DeclaredPart[] => JSON.parse(row.upload_parts) as DeclaredPart[];

/** Sizes as Polar prints them: one decimal and a binary unit ("1.5 KB"). */
export function sizeReadable(bytes: number): string {
  let value = bytes;
  for (const unit of ["", "K", "M", "G", "T", "P"]) {
    if (Math.abs(value) < 1024) return `${value.toFixed(1)} ${unit}B`;
    value /= 1024;
  }
  return `${value.toFixed(1)} EB`;
}

/**
 * The server's public base URL, for `public_url`. Set once when the files router is built, so
 * `filesByIds` keeps the plain `(db, organizationId, ids)` signature other domains call.
 */
let configuredBaseUrl = "";
export function setPublicBaseUrl(baseUrl: string): void {
  configuredBaseUrl = baseUrl.replace(/\/$/, "");
}

/** Where anyone may fetch a public file's bytes; stable for the file's life (renaming keeps it). */
export const publicFileUrl = (baseUrl: string, id: string) => `${baseUrl}/v1/files/public/${id}`;

/** The fields every file read shares, and the service-specific ones. */
export function serializeFile(row: FileRow, baseUrl = configuredBaseUrl): FileOut {
  const common = {
    id: row.id,
    organization_id: row.organization_id,
    name: row.name,
    path: row.path,
    mime_type: row.mime_type,
    size: Number(row.size),
    storage_version: null,
    checksum_etag: row.checksum_etag,
    checksum_sha256_base64: row.checksum_sha256_base64,
    checksum_sha256_hex: row.checksum_sha256_hex,
    last_modified_at: toIso(row.last_modified_at),
    version: row.version,
    is_uploaded: toBool(row.is_uploaded),
    created_at: toIso(row.created_at),
    size_readable: sizeReadable(Number(row.size)),
  };
  const service = row.service as FileService;
  if (service === "downloadable") return { ...common, service, flagged_malicious_at: null };
  return { ...common, service, public_url: publicFileUrl(baseUrl, row.id) };
}

export function filesOf(db: Kysely<DB>, organizationId: string) {
  return db.selectFrom("file").selectAll().where("organization_id", "=", organizationId);
}

export async function findFile(db: Kysely<DB>, organizationId: string, id: string): Promise<FileRow | undefined> {
  return filesOf(db, organizationId).where("id", "=", id).executeTakeFirst();
}

/** Any organization's file: only for the signed upload link and public media, which carry no tenant. */
export async function findFileAnyOrganization(db: Kysely<DB>, id: string): Promise<FileRow | undefined> {
  return db.selectFrom("file").selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * The organization's files with these ids, as `GET /v1/files/` lists them; unknown ids are absent.
 * Callers attaching a file must also check `is_uploaded` (a pending upload has no bytes yet).
 */
export async function filesByIds(db: Kysely<DB>, organizationId: string, ids: readonly string[]): Promise<Map<string, FileOut>> {
  if (ids.length === 0) return new Map();
  const rows = await filesOf(db, organizationId)
    .where("id", "in", [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, serializeFile(row)]));
}

export async function insertFile(db: Kysely<DB>, row: Insertable<FileTable>): Promise<void> {
  await db.insertInto("file").values(row).execute();
}

export async function updateFile(db: Kysely<DB>, organizationId: string, id: string, changes: Updateable<FileTable>): Promise<void> {
  await db.updateTable("file").set(changes).where("organization_id", "=", organizationId).where("id", "=", id).execute();
}

export async function deleteFileRow(db: Kysely<DB>, organizationId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom("file").where("organization_id", "=", organizationId).where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
