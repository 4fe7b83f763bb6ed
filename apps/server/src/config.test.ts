import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

const secret = "s".repeat(32);
const tempDataDir = () => mkdtempSync(join(tmpdir(), "gatehouse-config-"));

describe("loadConfig", () => {
  it("starts on SQLite at port 3000 with nothing set", () => {
    const dataDir = tempDataDir();
    const config = loadConfig({ DATA_DIR: dataDir }, () => {});
    expect(config.database).toEqual({ kind: "sqlite", file: "./data/gatehouse.db" });
    expect(config.port).toBe(3000);
    expect(config.baseUrl).toBe("http://localhost:3000");
    expect(config.password).toEqual({ minLength: 8, maxLength: 128 });
    expect(config.session.cookieCacheMaxAge).toBe(60);
    expect(config.runWorker).toBe(true);
  });

  it("switches to PostgreSQL for a postgres:// URL", () => {
    const config = loadConfig({ DATABASE_URL: "postgres://u@db:5432/app", AUTH_SECRET: secret });
    expect(config.database).toEqual({ kind: "postgres", url: "postgres://u@db:5432/app" });
  });

  it("generates a development secret once, keeps it in the data folder and warns", () => {
    const dataDir = tempDataDir();
    const warnings: string[] = [];
    const first = loadConfig({ DATA_DIR: dataDir }, (m) => warnings.push(m));
    const second = loadConfig({ DATA_DIR: dataDir }, (m) => warnings.push(m));
    expect(first.authSecret).toHaveLength(43);
    expect(second.authSecret).toBe(first.authSecret);
    expect(readFileSync(join(dataDir, "auth-secret"), "utf8").trim()).toBe(first.authSecret);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("AUTH_SECRET is not set");
  });

  it("refuses to start in production without AUTH_SECRET", () => {
    expect(() => loadConfig({ NODE_ENV: "production", BASE_URL: "https://auth.example.com" })).toThrow(
      /AUTH_SECRET: required when NODE_ENV=production/,
    );
  });

  it("names every bad key in one message", () => {
    try {
      loadConfig({ PORT: "eighty", DATABASE_URL: "mysql://x", SMTP_URL: "http://mail", AUTH_SECRET: "short" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as ConfigError).message;
      for (const key of ["PORT", "DATABASE_URL", "SMTP_URL", "AUTH_SECRET"]) expect(message).toContain(`${key}:`);
    }
  });

  it("reports production requirements together with other bad keys", () => {
    expect(() => loadConfig({ NODE_ENV: "production", PORT: "x", TRUSTED_PROXIES: "10.0.0.0/8, proxy.internal" })).toThrow(
      /PORT:.*\n.*AUTH_SECRET: required.*\n.*BASE_URL: required.*\n.*TRUSTED_PROXIES: "proxy.internal"/s,
    );
  });

  it("refuses a minimum password length above the maximum", () => {
    expect(() => loadConfig({ AUTH_SECRET: secret, PASSWORD_MIN_LENGTH: "20", PASSWORD_MAX_LENGTH: "10" })).toThrow(/PASSWORD_MIN_LENGTH/);
  });

  it("reads lists and flags", () => {
    const config = loadConfig({
      AUTH_SECRET: secret,
      TRUSTED_ORIGINS: "https://a.example, https://b.example",
      RUN_WORKER: "false",
      REDIS_URL: "redis://127.0.0.1:6379",
    });
    expect(config.trustedOrigins).toEqual(["https://a.example", "https://b.example"]);
    expect(config.runWorker).toBe(false);
    expect(config.redisUrl).toBe("redis://127.0.0.1:6379");
  });
});
