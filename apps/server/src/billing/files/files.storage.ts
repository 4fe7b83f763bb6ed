import { createHash, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

/** What assembling an upload produced: enough to verify it against what the client declared. */
export interface AssembledObject {
  size: number;
  sha256: Buffer;
  /** S3's multipart ETag: md5 of the parts' md5s, then `-<part count>`. */
  etag: string;
}

/**
 * Where file bytes live. Uploads arrive in numbered parts that are assembled into one object once
 * the client says it is done. `localDiskStorage` below; `s3Storage` (files.storage-s3.ts) for any
 * S3-compatible bucket, chosen by FILES_STORAGE.
 */
export interface FileStorage {
  /** Keeps one part's bytes (replacing an earlier try of the same part) and answers its ETag (md5 hex). */
  putPart(fileId: string, number: number, bytes: Uint8Array): Promise<string>;
  /** The stored part's ETag, or undefined when that part was never uploaded. */
  partEtag(fileId: string, number: number): Promise<string | undefined>;
  /** Joins the parts, in this order, into the file's object. Parts are kept until `discardParts`. */
  assemble(fileId: string, numbers: readonly number[]): Promise<AssembledObject>;
  discardParts(fileId: string): Promise<void>;
  /** The object's bytes as a web stream with its size, or undefined when there is none. */
  read(fileId: string): Promise<{ size: number; body: ReadableStream<Uint8Array> } | undefined>;
  /** Removes the object and any parts; deleting what is not there is fine. */
  delete(fileId: string): Promise<void>;
}

// Ids become path segments and object keys: only UUID-like ids are accepted, so none can climb out.
const SAFE_ID = /^[A-Za-z0-9-]{1,64}$/;
export function safeId(id: string): string {
  if (!SAFE_ID.test(id)) throw new Error(`unsafe file id: ${id}`);
  return id;
}

/** Files under one directory: `objects/<id>` and `uploads/<id>/<part>.part`. */
export function localDiskStorage(root: string): FileStorage {
  const objectPath = (fileId: string) => join(root, "objects", safeId(fileId));
  const uploadDir = (fileId: string) => join(root, "uploads", safeId(fileId));
  const partPath = (fileId: string, number: number) => join(uploadDir(fileId), `${number}.part`);

  // Written beside the target and renamed, so a reader never sees half a file.
  async function writeAtomically(target: string, dir: string, write: (temp: string) => Promise<void>) {
    await mkdir(dir, { recursive: true });
    const temp = `${target}.${randomBytes(6).toString("hex")}.tmp`;
    try {
      await write(temp);
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  const md5 = (bytes: Uint8Array) => createHash("md5").update(bytes).digest("hex");

  return {
    async putPart(fileId, number, bytes) {
      await writeAtomically(partPath(fileId, number), uploadDir(fileId), (temp) => writeFile(temp, bytes));
      return md5(bytes);
    },

    async partEtag(fileId, number) {
      const bytes = await readFile(partPath(fileId, number)).catch(() => undefined);
      return bytes ? md5(bytes) : undefined;
    },

    async assemble(fileId, numbers) {
      const sha256 = createHash("sha256");
      const partDigests: Buffer[] = [];
      let size = 0;
      const target = objectPath(fileId);
      await writeAtomically(target, join(root, "objects"), async (temp) => {
        const out = createWriteStream(temp);
        async function* chunks() {
          for (const number of numbers) {
            const bytes = await readFile(partPath(fileId, number));
            sha256.update(bytes);
            partDigests.push(createHash("md5").update(bytes).digest());
            size += bytes.length;
            yield bytes;
          }
        }
        await pipeline(Readable.from(chunks()), out);
      });
      const etag = `${createHash("md5").update(Buffer.concat(partDigests)).digest("hex")}-${numbers.length}`;
      return { size, sha256: sha256.digest(), etag };
    },

    async discardParts(fileId) {
      await rm(uploadDir(fileId), { recursive: true, force: true });
    },

    async read(fileId) {
      const path = objectPath(fileId);
      const info = await stat(path).catch(() => undefined);
      if (!info) return undefined;
      return { size: info.size, body: Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array> };
    },

    async delete(fileId) {
      await rm(objectPath(fileId), { force: true });
      await rm(uploadDir(fileId), { recursive: true, force: true });
    },
  };
}
