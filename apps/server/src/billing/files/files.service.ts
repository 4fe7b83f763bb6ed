import { createHash } from "node:crypto";
import type { Deps } from "../../deps.ts";
import { paginate } from "../api/pagination.ts";
import { polarErrors } from "../api/polar-errors.ts";
import type { Tenant } from "../api/tenant.ts";
import { toBool } from "../api/wire.ts";
import {
  type DeclaredPart,
  declaredParts,
  deleteFileRow,
  type FileRow,
  filesOf,
  findFile,
  findFileAnyOrganization,
  insertFile,
  serializeFile,
  updateFile,
} from "./files.repository.ts";
import type { FileCreateIn, FileOut, FileService, FileUploadCompletedIn, FileUploadOut } from "./files.schemas.ts";
import { checkPartLink, PART_LINK_TTL_SECONDS, partLinkUrl } from "./files.signing.ts";
import type { FileStorage } from "./files.storage.ts";

/**
 * The largest part one PUT may carry. Part uploads bypass the server-wide request limit (see app.ts)
 * and are held to this instead: Polar's clients send parts of 5–10 MB.
 */
export const FILE_PART_MAX_BYTES = 16 * 1024 * 1024;

export type FileServices = Pick<Deps, "db" | "clock" | "ids" | "config"> & { storage: FileStorage };

/** Polar's own caps for images; downloadables are capped by FILES_MAX_BYTES alone. */
const SERVICE_MAX_BYTES: Partial<Record<FileService, number>> = { product_media: 10 * 1024 * 1024, organization_avatar: 1024 * 1024 };

const sha256Bytes = (base64: string): Buffer | undefined => {
  const bytes = Buffer.from(base64, "base64");
  return bytes.length === 32 && bytes.toString("base64") === base64 ? bytes : undefined;
};

function validateCreate(deps: FileServices, input: FileCreateIn): DeclaredPart[] {
  const maxBytes = Math.min(deps.config.files.maxBytes, SERVICE_MAX_BYTES[input.service] ?? Number.POSITIVE_INFINITY);
  if (input.size > maxBytes)
    throw polarErrors.invalid(["body", "size"], `Input should be less than or equal to ${maxBytes}`, "less_than_equal");
  if (input.checksum_sha256_base64 && !sha256Bytes(input.checksum_sha256_base64)) {
    throw polarErrors.invalid(["body", "checksum_sha256_base64"], "Expected the base64 of a SHA-256 digest (32 bytes).");
  }
  // Parts must tile the file exactly, in order: part N covers [chunk_start, chunk_end).
  let expectedStart = 0;
  const parts = input.upload.parts.map((part, index): DeclaredPart => {
    const at = (field: string) => ["body", "upload", "parts", index, field];
    if (part.number !== index + 1)
      throw polarErrors.invalid(at("number"), `Parts must be numbered 1, 2, 3… in order; expected ${index + 1}.`);
    if (part.chunk_start !== expectedStart)
      throw polarErrors.invalid(at("chunk_start"), `Expected ${expectedStart}: parts must follow each other without gaps.`);
    if (part.chunk_end <= part.chunk_start) throw polarErrors.invalid(at("chunk_end"), "chunk_end must be greater than chunk_start.");
    if (part.chunk_end - part.chunk_start > FILE_PART_MAX_BYTES) {
      throw polarErrors.invalid(at("chunk_end"), `A part can be at most ${FILE_PART_MAX_BYTES} bytes; split the file into more parts.`);
    }
    if (part.checksum_sha256_base64 && !sha256Bytes(part.checksum_sha256_base64)) {
      throw polarErrors.invalid(at("checksum_sha256_base64"), "Expected the base64 of a SHA-256 digest (32 bytes).");
    }
    expectedStart = part.chunk_end;
    return {
      number: part.number,
      chunk_start: part.chunk_start,
      chunk_end: part.chunk_end,
      checksum_sha256_base64: part.checksum_sha256_base64 ?? null,
    };
  });
  if (expectedStart !== input.size) {
    throw polarErrors.invalid(["body", "upload", "parts"], `The parts cover ${expectedStart} bytes but size is ${input.size}.`);
  }
  return parts;
}

export async function createFile(deps: FileServices, tenant: Tenant, input: FileCreateIn): Promise<FileUploadOut> {
  const parts = validateCreate(deps, input);
  const id = deps.ids.uuid();
  const now = deps.clock.now();
  const checksum = input.checksum_sha256_base64 ?? null;
  const row = {
    id,
    organization_id: tenant.organizationId,
    service: input.service,
    name: input.name,
    path: `${tenant.organizationId}/${id}/${input.name}`,
    mime_type: input.mime_type,
    size: input.size,
    version: input.version ?? null,
    checksum_etag: null,
    checksum_sha256_base64: checksum,
    checksum_sha256_hex: checksum ? Buffer.from(checksum, "base64").toString("hex") : null,
    upload_id: deps.ids.uuid(),
    upload_parts: JSON.stringify(parts),
    is_uploaded: false,
    last_modified_at: null,
    created_at: now.toISOString(),
    modified_at: null,
  } satisfies FileRow;
  await insertFile(deps.db, row);
  const expires = Math.floor(now.getTime() / 1000) + PART_LINK_TTL_SECONDS;
  const upload = {
    id: row.upload_id,
    path: row.path,
    parts: parts.map((part) => ({
      ...part,
      url: partLinkUrl(deps.config.baseUrl, deps.config.authSecret, { fileId: id, uploadId: row.upload_id, number: part.number, expires }),
      expires_at: new Date(expires * 1000).toISOString(),
      headers: (part.checksum_sha256_base64 ? { "x-amz-checksum-sha256": part.checksum_sha256_base64 } : {}) as Record<string, string>,
    })),
  };
  return { ...serializeFile(row), service: row.service, upload };
}

/** Stores one part sent to a signed link; answers the part's ETag. No bearer token: the link is the credential. */
export async function uploadPart(
  deps: FileServices,
  link: { fileId: string; number: number; expires: number; signature: string },
  bytes: Uint8Array,
  headerChecksum: string | undefined,
): Promise<string> {
  const file = await findFileAnyOrganization(deps.db, link.fileId);
  // An unknown file and a finished one look alike: neither accepts parts.
  if (!file || toBool(file.is_uploaded)) throw polarErrors.notFound("This upload does not exist or is already complete.");
  const verdict = checkPartLink(
    deps.config.authSecret,
    { fileId: file.id, uploadId: file.upload_id, number: link.number, expires: link.expires },
    link.signature,
    deps.clock.now(),
  );
  if (verdict === "invalid") throw polarErrors.notPermitted("The upload link is not valid.");
  if (verdict === "expired") throw polarErrors.notPermitted("The upload link has expired.");
  const part = declaredParts(file).find((p) => p.number === link.number);
  if (!part) throw polarErrors.notFound("This upload has no such part.");
  const expectedSize = part.chunk_end - part.chunk_start;
  if (bytes.length !== expectedSize)
    throw polarErrors.invalid(["body"], `This part must be ${expectedSize} bytes; received ${bytes.length}.`);
  const digest = createHash("sha256").update(bytes).digest("base64");
  for (const [where, expected] of [
    ["body", part.checksum_sha256_base64],
    ["header", headerChecksum],
  ] as const) {
    if (expected && expected !== digest) {
      throw polarErrors.invalid(
        where === "body" ? ["body"] : ["header", "x-amz-checksum-sha256"],
        "The part's SHA-256 checksum does not match its bytes.",
      );
    }
  }
  return deps.storage.putPart(file.id, part.number, bytes);
}

const unquote = (etag: string) => etag.trim().replace(/^W\//, "").replace(/^"|"$/g, "");

export async function completeUpload(deps: FileServices, tenant: Tenant, id: string, input: FileUploadCompletedIn): Promise<FileOut> {
  const file = await findFile(deps.db, tenant.organizationId, id);
  if (!file) throw polarErrors.notFound();
  if (input.id !== file.upload_id) throw polarErrors.invalid(["body", "id"], "This is not the upload id given when the file was created.");
  if (input.path !== file.path) throw polarErrors.invalid(["body", "path"], "This is not the upload path given when the file was created.");
  // Completing twice is harmless: the second call answers the finished file.
  if (toBool(file.is_uploaded)) return serializeFile(file);

  const declared = declaredParts(file);
  const given = new Map(input.parts.map((part, index) => [part.number, { part, index }]));
  const missing = declared.filter((part) => !given.has(part.number)).map((part) => part.number);
  const unknown = input.parts.filter((part) => !declared.some((d) => d.number === part.number)).map((part) => part.number);
  if (missing.length || unknown.length || given.size !== input.parts.length) {
    throw polarErrors.invalid(
      ["body", "parts"],
      `List each declared part once (1–${declared.length}).${missing.length ? ` Missing: ${missing.join(", ")}.` : ""}`,
    );
  }
  for (const part of declared) {
    const entry = given.get(part.number);
    if (!entry) continue;
    const stored = await deps.storage.partEtag(file.id, part.number);
    const loc = ["body", "parts", entry.index, "checksum_etag"];
    if (!stored) throw polarErrors.invalid(loc, `Part ${part.number} has not been uploaded.`);
    if (unquote(entry.part.checksum_etag) !== stored)
      throw polarErrors.invalid(loc, `Part ${part.number}'s ETag does not match the uploaded bytes.`);
  }

  const assembled = await deps.storage.assemble(
    file.id,
    declared.map((part) => part.number),
  );
  const digest = assembled.sha256.toString("base64");
  const problem =
    assembled.size !== Number(file.size)
      ? `The uploaded bytes add up to ${assembled.size}, not the declared size ${file.size}.`
      : file.checksum_sha256_base64 && file.checksum_sha256_base64 !== digest
        ? "The file's SHA-256 checksum does not match the uploaded bytes."
        : undefined;
  if (problem) {
    // Nothing is kept of a bad upload: the client uploads the parts again (the links still work).
    await deps.storage.delete(file.id);
    throw polarErrors.invalid(["body"], problem);
  }
  const now = deps.clock.now().toISOString();
  const changes = {
    is_uploaded: true,
    checksum_etag: assembled.etag,
    checksum_sha256_base64: digest,
    checksum_sha256_hex: assembled.sha256.toString("hex"),
    last_modified_at: now,
    modified_at: now,
  };
  await updateFile(deps.db, tenant.organizationId, file.id, changes);
  await deps.storage.discardParts(file.id);
  return serializeFile({ ...file, ...changes });
}

/** Lists finished uploads only: a pending upload has no bytes to show or attach. */
export function listFiles(deps: FileServices, tenant: Tenant, query: { ids?: string[]; page: number; limit: number }) {
  let files = filesOf(deps.db, tenant.organizationId).where("is_uploaded", "=", true);
  if (query.ids) files = files.where("id", "in", query.ids.length ? query.ids : [""]);
  return paginate(files.orderBy("created_at", "desc").orderBy("id", "asc"), query, (row) => serializeFile(row));
}

export async function patchFile(
  deps: FileServices,
  tenant: Tenant,
  id: string,
  input: { name?: string | null; version?: string | null },
): Promise<FileOut> {
  const file = await findFile(deps.db, tenant.organizationId, id);
  if (!file) throw polarErrors.notFound();
  const changes = {
    ...(input.name ? { name: input.name } : {}),
    ...(input.version ? { version: input.version } : {}),
    modified_at: deps.clock.now().toISOString(),
  };
  await updateFile(deps.db, tenant.organizationId, id, changes);
  return serializeFile({ ...file, ...changes });
}

export async function deleteFile(deps: FileServices, tenant: Tenant, id: string): Promise<void> {
  if (!(await deleteFileRow(deps.db, tenant.organizationId, id))) throw polarErrors.notFound();
  await deps.storage.delete(id);
}

/** A product image or avatar, for anyone: only finished uploads of public services are served. */
export async function readPublicFile(deps: FileServices, id: string) {
  const file = await findFileAnyOrganization(deps.db, id);
  if (!file || !toBool(file.is_uploaded) || file.service === "downloadable") throw polarErrors.notFound();
  const object = await deps.storage.read(file.id);
  if (!object) throw polarErrors.notFound();
  return { file, object };
}
