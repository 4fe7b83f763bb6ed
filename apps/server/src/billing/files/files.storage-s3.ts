import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  paginateListObjectsV2,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import type { FilesStorageConfig } from "../../config.files.ts";
import { type AssembledObject, type FileStorage, safeId } from "./files.storage.ts";

export type S3StorageOptions = Omit<Extract<FilesStorageConfig, { kind: "s3" }>, "kind">;

export function s3Client(options: S3StorageOptions): S3Client {
  return new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    // The SDK's default CRC32 checksums (and the aws-chunked bodies they need for streams) are refused
    // by several S3-compatible services; integrity is checked here instead: Content-MD5 on every part,
    // SHA-256 over the assembled bytes.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

/** "No such object" as opposed to a failure worth reporting (a missing bucket, a refused key…). */
const isMissing = (error: unknown) => error instanceof S3ServiceException && (error.name === "NoSuchKey" || error.name === "NotFound");

/**
 * Files in an S3-compatible bucket, under `<prefix>objects/<id>` and `<prefix>uploads/<id>/<part>.part`.
 *
 * Parts are kept as objects of their own and assembled by streaming them, in order, into one PutObject,
 * rather than mapped onto S3's multipart upload: S3 refuses multipart parts under 5 MiB (but the last),
 * while Polar's clients may declare parts of any size. Streaming through also yields the SHA-256, size
 * and ETag to check without reading the object back. A single PutObject is atomic, so a reader never
 * sees half a file; it caps one file at 5 GB, far above FILES_MAX_BYTES' useful range.
 */
export function s3Storage(options: S3StorageOptions, client: S3Client = s3Client(options)): FileStorage {
  const Bucket = options.bucket;
  const objectKey = (fileId: string) => `${options.prefix}objects/${safeId(fileId)}`;
  const uploadPrefix = (fileId: string) => `${options.prefix}uploads/${safeId(fileId)}/`;
  const partKey = (fileId: string, number: number) => {
    if (!Number.isSafeInteger(number) || number < 1) throw new Error(`bad part number: ${number}`);
    return `${uploadPrefix(fileId)}${number}.part`;
  };

  /** Every stored part of one upload with its size, by key. */
  async function storedParts(fileId: string): Promise<Map<string, number>> {
    const parts = new Map<string, number>();
    for await (const page of paginateListObjectsV2({ client }, { Bucket, Prefix: uploadPrefix(fileId) })) {
      for (const object of page.Contents ?? []) if (object.Key) parts.set(object.Key, object.Size ?? 0);
    }
    return parts;
  }

  async function discardParts(fileId: string) {
    // One DeleteObject each rather than DeleteObjects: the batch call needs a checksum header that
    // not every S3-compatible service accepts, and an upload has few parts.
    for (const key of (await storedParts(fileId)).keys()) await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
  }

  return {
    async putPart(fileId, number, bytes) {
      const md5 = createHash("md5").update(bytes).digest();
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: partKey(fileId, number),
          Body: bytes,
          ContentLength: bytes.length,
          ContentMD5: md5.toString("base64"),
          // Kept beside the bytes: the service's own ETag is not an MD5 under every kind of encryption.
          Metadata: { md5: md5.toString("hex") },
        }),
      );
      return md5.toString("hex");
    },

    async partEtag(fileId, number) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: partKey(fileId, number) }));
        return head.Metadata?.md5;
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    async assemble(fileId, numbers): Promise<AssembledObject> {
      const stored = await storedParts(fileId);
      const keys = numbers.map((number) => partKey(fileId, number));
      let expectedSize = 0;
      for (const key of keys) {
        const size = stored.get(key);
        if (size === undefined) throw new Error(`part ${key} is missing`);
        expectedSize += size;
      }

      const sha256 = createHash("sha256");
      const partDigests: Buffer[] = [];
      let size = 0;
      async function* chunks() {
        for (const key of keys) {
          const part = await client.send(new GetObjectCommand({ Bucket, Key: key }));
          const md5 = createHash("md5");
          let partSize = 0;
          for await (const chunk of part.Body as Readable) {
            sha256.update(chunk);
            md5.update(chunk);
            partSize += chunk.length;
            yield chunk as Buffer;
          }
          // The length was promised up front; a part replaced meanwhile fails the upload instead.
          if (partSize !== stored.get(key)) throw new Error(`part ${key} changed while assembling`);
          size += partSize;
          partDigests.push(md5.digest());
        }
      }
      // S3 takes no chunked bodies: the length must be known before the first byte.
      await client.send(
        new PutObjectCommand({ Bucket, Key: objectKey(fileId), Body: Readable.from(chunks()), ContentLength: expectedSize }),
      );
      const etag = `${createHash("md5").update(Buffer.concat(partDigests)).digest("hex")}-${numbers.length}`;
      return { size, sha256: sha256.digest(), etag };
    },

    discardParts,

    async read(fileId) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(fileId) }));
        if (!object.Body) return undefined;
        return { size: object.ContentLength ?? 0, body: object.Body.transformToWebStream() as ReadableStream<Uint8Array> };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    async delete(fileId) {
      // Deleting a missing key succeeds in S3, so no existence check first.
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(fileId) }));
      await discardParts(fileId);
    },
  };
}
