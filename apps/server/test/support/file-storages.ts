import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { CreateBucketCommand, paginateListObjectsV2, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { afterAll, beforeAll } from "vitest";

/**
 * A place for billing files' bytes, set up for one test file: the server settings that point
 * Gatehouse at it, and a look at what it holds that goes around Gatehouse.
 */
export interface StorageUnderTest {
  /** Filled in by the storage's beforeAll, which runs before the server's when used first. */
  env: Record<string, string>;
  /** Every stored key, relative to the storage's root: `objects/<id>`, `uploads/<id>/<n>.part`. */
  storedKeys(): Promise<string[]>;
}

export const STORAGE_KINDS = ["local", "s3"] as const;

/**
 * Call before useBillingServer(storage.env) so the storage is ready when the server reads its
 * settings; `serverEnv` is passed along in the same settings.
 */
export function useFileStorage(kind: (typeof STORAGE_KINDS)[number], serverEnv: Record<string, string> = {}): StorageUnderTest {
  const storage = kind === "s3" ? useS3rver() : useLocalDisk();
  Object.assign(storage.env, serverEnv);
  return storage;
}

function useLocalDisk(): StorageUnderTest {
  const dir = mkdtempSync(join(tmpdir(), "gatehouse-files-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return {
    env: { FILES_STORAGE: "local", FILES_DIR: dir },
    async storedKeys() {
      return readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => relative(dir, join(entry.parentPath, entry.name)));
    },
  };
}

/**
 * s3rver: a real S3 protocol server in-process (signatures checked), with path-style addressing and
 * a key prefix, as MinIO or R2 would be configured.
 */
function useS3rver(): StorageUnderTest {
  const dir = mkdtempSync(join(tmpdir(), "gatehouse-s3rver-"));
  const bucket = "gatehouse-test";
  const prefix = "tenant-a/billing/";
  const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: dir });
  const env: Record<string, string> = {};
  let client: S3Client | undefined;

  beforeAll(async () => {
    const { port } = await server.run();
    const endpoint = `http://127.0.0.1:${port}`;
    client = new S3Client({ region: "us-east-1", endpoint, forcePathStyle: true, credentials });
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
    Object.assign(env, {
      FILES_STORAGE: "s3",
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: "true",
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_PREFIX: `/${prefix}`,
    });
  });
  afterAll(async () => {
    client?.destroy();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  return {
    env,
    async storedKeys() {
      if (!client) throw new Error("s3rver starts in beforeAll");
      const keys: string[] = [];
      for await (const page of paginateListObjectsV2({ client }, { Bucket: bucket })) {
        for (const object of page.Contents ?? []) {
          // Anything outside the prefix would mean S3_PREFIX was ignored.
          keys.push(object.Key?.startsWith(prefix) ? object.Key.slice(prefix.length) : `(outside prefix) ${object.Key}`);
        }
      }
      return keys;
    },
  };
}
