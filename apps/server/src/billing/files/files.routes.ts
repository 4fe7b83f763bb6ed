import { bodyLimit } from "hono/body-limit";
import type { Deps } from "../../deps.ts";
import { createRoute, IdParam, jsonBody, jsonResponse, noContent, v1Router, z } from "../api/openapi.ts";
import { polarErrors } from "../api/polar-errors.ts";
import { requireScope, tenantOf } from "../api/tenant.ts";
import { setPublicBaseUrl } from "./files.repository.ts";
import {
  FileCreate,
  FilePatch,
  FileRead,
  FileUpload,
  FileUploadCompleted,
  ListFiles,
  ListFilesQuery,
  PartUploadParams,
  PartUploadQuery,
} from "./files.schemas.ts";
import {
  completeUpload,
  createFile,
  deleteFile,
  FILE_PART_MAX_BYTES,
  type FileServices,
  listFiles,
  patchFile,
  readPublicFile,
  uploadPart,
} from "./files.service.ts";
import { type FileStorage, localDiskStorage } from "./files.storage.ts";
import { s3Storage } from "./files.storage-s3.ts";

const tags = ["files"];

const partSizeLimit = bodyLimit({
  maxSize: FILE_PART_MAX_BYTES,
  onError: () => {
    throw polarErrors.payloadTooLarge(FILE_PART_MAX_BYTES);
  },
});

function storageFor(files: Deps["config"]["files"]): FileStorage {
  const { storage } = files;
  return storage.kind === "s3" ? s3Storage(storage) : localDiskStorage(files.dir);
}

export function fileRoutes(deps: Deps) {
  const app = v1Router();
  setPublicBaseUrl(deps.config.baseUrl);
  const services: FileServices = { ...deps, storage: storageFor(deps.config.files) };

  app.openapi(
    createRoute({
      method: "get",
      path: "/files/",
      operationId: "files:list",
      summary: "List files",
      description: "Finished uploads only.",
      tags,
      middleware: [requireScope("files:read", "files:write")] as const,
      request: { query: ListFilesQuery },
      responses: { 200: jsonResponse(ListFiles, "The organization's files.") },
    }),
    async (c) => c.json(await listFiles(services, tenantOf(c), c.req.valid("query")), 200),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/files/",
      operationId: "files:create",
      summary: "Create a file upload",
      description: "Answers one signed, expiring PUT link per declared part; then call /files/{id}/uploaded.",
      tags,
      middleware: [requireScope("files:write")] as const,
      request: { body: jsonBody(FileCreate) },
      responses: { 201: jsonResponse(FileUpload, "The pending upload with its part links.") },
    }),
    async (c) => c.json(await createFile(services, tenantOf(c), c.req.valid("json")), 201),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/files/{id}/uploaded",
      operationId: "files:uploaded",
      summary: "Complete a file upload",
      tags,
      middleware: [requireScope("files:write")] as const,
      request: { params: IdParam, body: jsonBody(FileUploadCompleted) },
      responses: { 200: jsonResponse(FileRead, "The uploaded file.") },
    }),
    async (c) => c.json(await completeUpload(services, tenantOf(c), c.req.valid("param").id, c.req.valid("json")), 200),
  );

  app.openapi(
    createRoute({
      method: "patch",
      path: "/files/{id}",
      operationId: "files:update",
      summary: "Update a file",
      tags,
      middleware: [requireScope("files:write")] as const,
      request: { params: IdParam, body: jsonBody(FilePatch) },
      responses: { 200: jsonResponse(FileRead, "The updated file.") },
    }),
    async (c) => c.json(await patchFile(services, tenantOf(c), c.req.valid("param").id, c.req.valid("json")), 200),
  );

  app.openapi(
    createRoute({
      method: "delete",
      path: "/files/{id}",
      operationId: "files:delete",
      summary: "Delete a file",
      tags,
      middleware: [requireScope("files:write")] as const,
      request: { params: IdParam },
      responses: { 204: noContent("The file and its bytes are gone.") },
    }),
    async (c) => {
      await deleteFile(services, tenantOf(c), c.req.valid("param").id);
      return c.body(null, 204);
    },
  );

  app.openapi(
    createRoute({
      method: "put",
      path: "/files/uploads/{id}/parts/{number}",
      operationId: "files:upload_part",
      summary: "Upload one part of a file",
      description: "The link from files:create; its signature is the credential (no bearer token). Answers the part's ETag header.",
      tags,
      middleware: [partSizeLimit] as const,
      request: { params: PartUploadParams, query: PartUploadQuery },
      responses: { 200: { description: "Stored; the ETag header is the part's checksum_etag." } },
    }),
    async (c) => {
      const { id, number } = c.req.valid("param");
      const { expires, signature } = c.req.valid("query");
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      const etag = await uploadPart(services, { fileId: id, number, expires, signature }, bytes, c.req.header("x-amz-checksum-sha256"));
      return c.body(null, 200, { ETag: `"${etag}"` });
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/files/public/{id}",
      operationId: "files:public",
      summary: "A product image or organization avatar",
      description: "Public: the public_url of product media and avatars. Downloadables are never served here.",
      tags,
      request: { params: IdParam },
      responses: {
        200: {
          description: "The file's bytes.",
          content: { "application/octet-stream": { schema: z.string().openapi({ format: "binary" }) } },
        },
      },
    }),
    async (c) => {
      const { file, object } = await readPublicFile(services, c.req.valid("param").id);
      return c.body(object.body, 200, {
        "Content-Type": file.mime_type,
        "Content-Length": String(object.size),
        "Cache-Control": "public, max-age=3600",
        "X-Content-Type-Options": "nosniff",
        // SVG can carry script: served bytes never run in our origin.
        "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      });
    },
  );

  return app;
}
