import { z } from "../api/openapi.ts";
import { listQuery, listResponse } from "../api/pagination.ts";
import { oneOrMany } from "../api/query.ts";

export const FILE_SERVICES = ["product_media", "downloadable", "organization_avatar"] as const;
export type FileService = (typeof FILE_SERVICES)[number];

/** Images Polar accepts for media and avatars (its own pattern); downloadables take any type/subtype. */
export const IMAGE_MIME = /^image\/(jpeg|png|gif|webp|svg\+xml)$/;
export const MIME_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/i;

const CreatePart = z
  .object({
    number: z.number().int().min(1).max(10000),
    chunk_start: z.number().int().min(0),
    chunk_end: z.number().int().min(1),
    checksum_sha256_base64: z.string().nullish(),
  })
  .openapi("S3FileCreatePart");

const createFields = {
  organization_id: z.string().nullish(),
  name: z.string().trim().min(1).max(255),
  size: z.number().int().min(1),
  checksum_sha256_base64: z.string().nullish(),
  upload: z.object({ parts: z.array(CreatePart).min(1).max(10000) }).openapi("S3FileCreateMultipart"),
  version: z.string().max(255).nullish(),
};

const mimeType = z.string().regex(MIME_TYPE, "The MIME type must look like type/subtype.");
const imageMimeType = z.string().regex(IMAGE_MIME, "Only images (jpeg, png, gif, webp, svg+xml) are supported for this type of file.");

export const FileCreate = z
  .discriminatedUnion("service", [
    z.object({ ...createFields, mime_type: imageMimeType, service: z.literal("product_media") }).openapi("ProductMediaFileCreate"),
    z.object({ ...createFields, mime_type: mimeType, service: z.literal("downloadable") }).openapi("DownloadableFileCreate"),
    z
      .object({ ...createFields, mime_type: imageMimeType, service: z.literal("organization_avatar") })
      .openapi("OrganizationAvatarFileCreate"),
  ])
  .openapi("FileCreate");
export type FileCreateIn = z.infer<typeof FileCreate>;

const fileFields = {
  id: z.string().openapi({ format: "uuid" }),
  organization_id: z.string(),
  name: z.string(),
  path: z.string(),
  mime_type: z.string(),
  size: z.number().int(),
  storage_version: z.string().nullable(),
  checksum_etag: z.string().nullable(),
  checksum_sha256_base64: z.string().nullable(),
  checksum_sha256_hex: z.string().nullable(),
  last_modified_at: z.string().nullable().openapi({ format: "date-time" }),
  version: z.string().nullable(),
  is_uploaded: z.boolean(),
  created_at: z.string().openapi({ format: "date-time" }),
  size_readable: z.string(),
};

export const ProductMediaFileRead = z
  .object({ ...fileFields, service: z.literal("product_media"), public_url: z.string() })
  .openapi("ProductMediaFileRead");
export const DownloadableFileRead = z
  .object({ ...fileFields, service: z.literal("downloadable"), flagged_malicious_at: z.string().nullable() })
  .openapi("DownloadableFileRead");
export const OrganizationAvatarFileRead = z
  .object({ ...fileFields, service: z.literal("organization_avatar"), public_url: z.string() })
  .openapi("OrganizationAvatarFileRead");

export const FileRead = z
  .discriminatedUnion("service", [DownloadableFileRead, ProductMediaFileRead, OrganizationAvatarFileRead])
  .openapi("FileRead");

/** A file as `GET /v1/files/` lists it. */
export type FileOut = z.infer<typeof FileRead>;

const UploadPart = z
  .object({
    number: z.number().int(),
    chunk_start: z.number().int(),
    chunk_end: z.number().int(),
    checksum_sha256_base64: z.string().nullable(),
    url: z.string(),
    expires_at: z.string().openapi({ format: "date-time" }),
    headers: z.record(z.string(), z.string()),
  })
  .openapi("S3FileUploadPart");

export const FileUpload = z
  .object({
    ...fileFields,
    service: z.enum(FILE_SERVICES),
    upload: z.object({ id: z.string(), path: z.string(), parts: z.array(UploadPart) }).openapi("S3FileUploadMultipart"),
  })
  .openapi("FileUpload");
export type FileUploadOut = z.infer<typeof FileUpload>;

export const FileUploadCompleted = z
  .object({
    id: z.string(),
    path: z.string(),
    parts: z
      .array(
        z
          .object({ number: z.number().int(), checksum_etag: z.string(), checksum_sha256_base64: z.string().nullish() })
          .openapi("S3FileUploadCompletedPart"),
      )
      .min(1),
  })
  .openapi("FileUploadCompleted");
export type FileUploadCompletedIn = z.infer<typeof FileUploadCompleted>;

export const FilePatch = z
  .object({ name: z.string().trim().min(1).max(255).nullish(), version: z.string().max(255).nullish() })
  .openapi("FilePatch");

export const ListFiles = listResponse(FileRead, "ListResource_FileRead_");

export const ListFilesQuery = z.object({
  organization_id: oneOrMany(z.string()).optional(),
  ids: oneOrMany(z.string()).optional(),
  ...listQuery,
});

/** The signed part-upload link's query: no bearer token, the signature is the credential. */
export const PartUploadParams = z.object({
  id: z.string().openapi({ param: { name: "id", in: "path" } }),
  number: z.coerce
    .number()
    .int()
    .min(1)
    .openapi({ param: { name: "number", in: "path" } }),
});
export const PartUploadQuery = z.object({ expires: z.coerce.number().int(), signature: z.string().min(1) });
