import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { z } from "zod";
import { type FilesStorageConfig, parseFilesStorageConfig } from "./config.files.ts";
import { commaList, flag, parseSignInConfig, type SignInConfig } from "./config.sign-in.ts";
import { parseTenancyConfig, type TenancyConfig } from "./config.tenancy.ts";
import { proxyList } from "./http/client-ip.ts";

/**
 * The only reader of process.env. Every setting is validated here once, so a bad value stops
 * start-up with one message that names every bad key instead of failing later mid-request.
 */

const seconds = (fallback: number) => z.coerce.number().int().positive().default(fallback);
/** A size in bytes: a positive whole number, parsed like `seconds`. */
const bytes = seconds;

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z
    .string()
    .default("file:./data/gatehouse.db")
    .refine((v) => /^(file:|postgres(ql)?:\/\/)/.test(v), "must start with file: or postgres://"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  BASE_URL: z.url().optional(),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  TRUSTED_ORIGINS: commaList,
  TRUSTED_PROXIES: commaList,
  SMTP_URL: z
    .string()
    .optional()
    .refine((v) => !v || /^smtps?:\/\//.test(v), "must start with smtp:// or smtps://"),
  MAIL_FROM: z.string().default("Gatehouse <no-reply@localhost>"),
  REDIS_URL: z
    .string()
    .optional()
    .refine((v) => !v || /^rediss?:\/\//.test(v), "must start with redis:// or rediss://"),
  REDIS_KEY_PREFIX: z.string().default("gatehouse:"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  RUN_WORKER: flag(true),
  REQUIRE_EMAIL_VERIFICATION: flag(true),
  SESSION_EXPIRES_IN: seconds(60 * 60 * 24 * 7),
  SESSION_UPDATE_AGE: seconds(60 * 60 * 24),
  SESSION_FRESH_AGE: seconds(60 * 60 * 24),
  COOKIE_CACHE_MAX_AGE: seconds(60),
  PASSWORD_MIN_LENGTH: z.coerce.number().int().min(1).default(8),
  PASSWORD_MAX_LENGTH: z.coerce.number().int().min(1).max(1024).default(128),
  RATE_LIMIT_WINDOW: seconds(60),
  RATE_LIMIT_MAX: seconds(100),
  RATE_LIMIT_SENSITIVE_MAX: seconds(3),
  /** Requests a minute per /v1 credential (Polar's production limit); 0 turns the limit off. */
  BILLING_RATE_LIMIT_MAX: z.coerce.number().int().min(0).default(500),
  BODY_LIMIT_BYTES: seconds(1024 * 1024),
  WORKER_POLL_MS: seconds(500),
  DATA_DIR: z.string().optional(),
  FILES_DIR: z.string().optional(),
  FILES_MAX_BYTES: bytes(100 * 1024 * 1024),
  // Unset: private and loopback addresses are refused in production and allowed elsewhere.
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: z.enum(["true", "false", "1", "0", "yes", "no"]).optional(),
  WEBHOOK_TIMEOUT_MS: seconds(10_000),
  WEBHOOK_DISABLE_AFTER_FAILURES: seconds(10),
  WEBHOOK_RETENTION_DAYS: seconds(90),
  WEBHOOK_SECRET_OVERLAP: seconds(60 * 60 * 24),
  WEBHOOK_LEASE_MS: seconds(60_000),
});

export type Config = {
  env: "development" | "production" | "test";
  isProduction: boolean;
  database: { kind: "sqlite"; file: string } | { kind: "postgres"; url: string };
  databaseUrl: string;
  port: number;
  host: string;
  baseUrl: string;
  authSecret: string;
  trustedOrigins: string[];
  trustedProxies: string[];
  smtpUrl: string | undefined;
  mailFrom: string;
  redisUrl: string | undefined;
  redisKeyPrefix: string;
  logLevel: string;
  runWorker: boolean;
  requireEmailVerification: boolean;
  session: { expiresIn: number; updateAge: number; freshAge: number; cookieCacheMaxAge: number };
  password: { minLength: number; maxLength: number };
  rateLimit: { window: number; max: number; sensitiveMax: number; billingMax: number };
  bodyLimitBytes: number;
  workerPollMs: number;
  dataDir: string;
  /** Uploaded billing files (product media, downloadables): where they live, and the largest one accepted. */
  files: { dir: string; maxBytes: number; storage: FilesStorageConfig };
  webhooks: WebhookConfig;
  signIn: SignInConfig;
  tenancy: TenancyConfig;
};

export interface WebhookConfig {
  /** Whether endpoints may resolve to private, loopback or link-local addresses. */
  allowPrivateNetworks: boolean;
  /** The whole request, connect to last byte. */
  timeoutMs: number;
  /** An endpoint is disabled, and its organization's admins told, after this many failed events in a row. */
  disableAfterFailures: number;
  /** Event payloads are purged after this many days; the log of attempts stays. */
  retentionDays: number;
  /** After a secret rotation the old secret keeps signing (beside the new one) this many seconds. */
  secretOverlapSeconds: number;
  /** How long a worker holds an endpoint while sending; another worker takes over once it lapses. */
  leaseMs: number;
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
    this.problems = problems;
  }
}

type Warn = (message: string) => void;

/** Rules across keys, checked on the raw values so they are reported alongside per-key problems. */
function crossFieldProblems(raw: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  if (raw.NODE_ENV === "production" && !raw.AUTH_SECRET) problems.push("AUTH_SECRET: required when NODE_ENV=production");
  if (raw.NODE_ENV === "production" && !raw.BASE_URL) problems.push("BASE_URL: required when NODE_ENV=production");
  if (Number(raw.PASSWORD_MIN_LENGTH ?? 8) > Number(raw.PASSWORD_MAX_LENGTH ?? 128)) {
    problems.push("PASSWORD_MIN_LENGTH: must not exceed PASSWORD_MAX_LENGTH");
  }
  try {
    proxyList(commaList.parse(raw.TRUSTED_PROXIES));
  } catch (error) {
    problems.push((error as Error).message);
  }
  return problems;
}

export function loadConfig(env: Record<string, string | undefined> = process.env, warn: Warn = (m) => console.warn(m)): Config {
  // Empty strings in .env files mean "unset", not "invalid".
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema.safeParse(cleaned);
  const signIn = parseSignInConfig(cleaned, baseUrlOf(cleaned.BASE_URL, cleaned.PORT ?? 3000));
  const tenancy = parseTenancyConfig(cleaned);
  const filesStorage = parseFilesStorageConfig(cleaned);
  const problems = [
    ...(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`)),
    ...crossFieldProblems(cleaned),
    ...signIn.problems,
    ...tenancy.problems,
    ...filesStorage.problems,
  ];
  if (!parsed.success || !signIn.config || !tenancy.config || !filesStorage.config || problems.length) throw new ConfigError(problems);
  const e = parsed.data;
  const isProduction = e.NODE_ENV === "production";
  const database = e.DATABASE_URL.startsWith("file:")
    ? ({ kind: "sqlite", file: e.DATABASE_URL.slice("file:".length) } as const)
    : ({ kind: "postgres", url: e.DATABASE_URL } as const);
  const dataDir = resolve(e.DATA_DIR ?? (database.kind === "sqlite" && database.file !== ":memory:" ? dirname(database.file) : "./data"));
  const baseUrl = baseUrlOf(e.BASE_URL, e.PORT);

  return {
    env: e.NODE_ENV,
    isProduction,
    database,
    databaseUrl: e.DATABASE_URL,
    port: e.PORT,
    host: e.HOST,
    baseUrl,
    authSecret: e.AUTH_SECRET ?? developmentSecret(dataDir, warn),
    trustedOrigins: e.TRUSTED_ORIGINS,
    trustedProxies: e.TRUSTED_PROXIES,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    logLevel: e.LOG_LEVEL,
    runWorker: e.RUN_WORKER,
    requireEmailVerification: e.REQUIRE_EMAIL_VERIFICATION,
    session: {
      expiresIn: e.SESSION_EXPIRES_IN,
      updateAge: e.SESSION_UPDATE_AGE,
      freshAge: e.SESSION_FRESH_AGE,
      cookieCacheMaxAge: e.COOKIE_CACHE_MAX_AGE,
    },
    password: { minLength: e.PASSWORD_MIN_LENGTH, maxLength: e.PASSWORD_MAX_LENGTH },
    rateLimit: {
      window: e.RATE_LIMIT_WINDOW,
      max: e.RATE_LIMIT_MAX,
      sensitiveMax: e.RATE_LIMIT_SENSITIVE_MAX,
      billingMax: e.BILLING_RATE_LIMIT_MAX,
    },
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    workerPollMs: e.WORKER_POLL_MS,
    dataDir,
    files: { dir: resolve(e.FILES_DIR ?? join(dataDir, "files")), maxBytes: e.FILES_MAX_BYTES, storage: filesStorage.config },
    webhooks: {
      allowPrivateNetworks:
        e.WEBHOOK_ALLOW_PRIVATE_NETWORKS === undefined ? !isProduction : ["true", "1", "yes"].includes(e.WEBHOOK_ALLOW_PRIVATE_NETWORKS),
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
      disableAfterFailures: e.WEBHOOK_DISABLE_AFTER_FAILURES,
      retentionDays: e.WEBHOOK_RETENTION_DAYS,
      secretOverlapSeconds: e.WEBHOOK_SECRET_OVERLAP,
      leaseMs: e.WEBHOOK_LEASE_MS,
    },
    signIn: signIn.config,
    tenancy: tenancy.config,
  };
}

function baseUrlOf(configured: string | undefined, port: string | number): string {
  // Also called before validation (for the sign-in settings), so a bad value must not throw here.
  const url = [configured, `http://localhost:${port}`].find((candidate) => candidate && URL.canParse(candidate)) ?? "http://localhost";
  return url.replace(/\/$/, "");
}

/**
 * Outside production a missing secret is generated once and kept beside the database, so sessions
 * survive restarts without the newcomer configuring anything.
 */
function developmentSecret(dataDir: string, warn: Warn): string {
  const file = join(dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  warn(`AUTH_SECRET is not set: generated one for development and kept it in ${file}. Set AUTH_SECRET in production.`);
  return secret;
}
