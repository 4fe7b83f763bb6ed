import { z } from "zod";
import { flag } from "./config.sign-in.ts";

/**
 * Where billing files' bytes live: the local disk (FILES_DIR) or any S3-compatible bucket.
 * config.ts hands over the raw environment; this module only parses it.
 */
export type FilesStorageConfig =
  | { kind: "local" }
  | {
      kind: "s3";
      bucket: string;
      region: string;
      /** For MinIO, R2 and the like; unset means AWS itself. */
      endpoint: string | undefined;
      /** Unset means the AWS SDK's own chain (AWS_* variables, shared profile, instance or task role). */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      forcePathStyle: boolean;
      /** Put before every key: empty, or ending in one slash. */
      prefix: string;
    };

const schema = z.object({
  FILES_STORAGE: z.enum(["local", "s3"]).default("local"),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default("us-east-1"),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: flag(false),
  S3_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9!_.*'()/-]*$/, "letters, digits, slashes and S3's safe punctuation only")
    .refine((v) => !v.split("/").includes(".."), "must not contain '..'")
    .default(""),
});

export function parseFilesStorageConfig(env: Record<string, string | undefined>): { config?: FilesStorageConfig; problems: string[] } {
  const parsed = schema.safeParse(env);
  if (!parsed.success) return { problems: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`) };
  const e = parsed.data;
  if (e.FILES_STORAGE === "local") return { config: { kind: "local" }, problems: [] };

  const problems: string[] = [];
  if (!e.S3_BUCKET) problems.push("S3_BUCKET: required when FILES_STORAGE=s3");
  // One key without the other is a typo, not a wish to fall back to the SDK's chain.
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    problems.push("S3_ACCESS_KEY_ID: set together with S3_SECRET_ACCESS_KEY, or neither to use the AWS SDK's default credentials");
  }
  if (problems.length || !e.S3_BUCKET) return { problems };
  const prefix = e.S3_PREFIX.replace(/^\/+|\/+$/g, "");
  return {
    problems: [],
    config: {
      kind: "s3",
      bucket: e.S3_BUCKET,
      region: e.S3_REGION,
      endpoint: e.S3_ENDPOINT,
      credentials:
        e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
          : undefined,
      forcePathStyle: e.S3_FORCE_PATH_STYLE,
      prefix: prefix ? `${prefix}/` : "",
    },
  };
}
