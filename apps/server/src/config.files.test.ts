import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";

const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), "gatehouse-config-")), ...env }, () => {});

describe("loadConfig: file storage", () => {
  it("keeps files on local disk when nothing is set, whatever S3_* says", () => {
    expect(load({}).files.storage).toEqual({ kind: "local" });
    expect(load({ S3_BUCKET: "ignored" }).files.storage).toEqual({ kind: "local" });
  });

  it("reads every S3 setting, with one trailing slash on the prefix", () => {
    const config = load({
      FILES_STORAGE: "s3",
      S3_BUCKET: "media",
      S3_REGION: "auto",
      S3_ENDPOINT: "https://account.r2.cloudflarestorage.com",
      S3_ACCESS_KEY_ID: "AKID",
      S3_SECRET_ACCESS_KEY: "secret",
      S3_FORCE_PATH_STYLE: "true",
      S3_PREFIX: "/gatehouse/files//",
    });
    expect(config.files.storage).toEqual({
      kind: "s3",
      bucket: "media",
      region: "auto",
      endpoint: "https://account.r2.cloudflarestorage.com",
      credentials: { accessKeyId: "AKID", secretAccessKey: "secret" },
      forcePathStyle: true,
      prefix: "gatehouse/files/",
    });
  });

  it("defaults to us-east-1, virtual-hosted addressing, no prefix and the AWS SDK's own credentials", () => {
    expect(load({ FILES_STORAGE: "s3", S3_BUCKET: "media" }).files.storage).toEqual({
      kind: "s3",
      bucket: "media",
      region: "us-east-1",
      endpoint: undefined,
      credentials: undefined,
      forcePathStyle: false,
      prefix: "",
    });
  });

  it("refuses S3 without a bucket, half a key pair, a bad endpoint or prefix, and an unknown storage", () => {
    expect(() => load({ FILES_STORAGE: "s3" })).toThrow(/S3_BUCKET: required when FILES_STORAGE=s3/);
    expect(() => load({ FILES_STORAGE: "s3", S3_BUCKET: "media", S3_ACCESS_KEY_ID: "AKID" })).toThrow(
      /S3_ACCESS_KEY_ID: set together with S3_SECRET_ACCESS_KEY/,
    );
    expect(() => load({ FILES_STORAGE: "s3", S3_BUCKET: "media", S3_ENDPOINT: "minio:9000" })).toThrow(/S3_ENDPOINT:/);
    expect(() => load({ FILES_STORAGE: "s3", S3_BUCKET: "media", S3_PREFIX: "a/../b" })).toThrow(/S3_PREFIX: must not contain/);
    expect(() => load({ FILES_STORAGE: "gcs" })).toThrow(/FILES_STORAGE:/);
  });
});
