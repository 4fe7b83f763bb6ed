import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { localServerEnv, spawnGatehouse, waitUntilReady } from "../../../server/test/support/gatehouse-process.ts";
import { freePort } from "../../../server/test/support/test-server.ts";
import { launchChromium } from "./browser.ts";

export interface RunningGatehouse {
  url: string;
  stop(): Promise<void>;
}

/**
 * Gatehouse as a newcomer runs it: `node src/main.ts` on a fresh SQLite file, development mailbox,
 * worker in the same process — only polling faster so mail shows up without waiting.
 */
export async function startGatehouse(env: Record<string, string> = {}): Promise<RunningGatehouse> {
  const dir = mkdtempSync(join(tmpdir(), "gatehouse-e2e-"));
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const server = spawnGatehouse("server", {
    NODE_ENV: "development",
    ...localServerEnv(port, join(dir, "e2e.db")),
    WORKER_POLL_MS: "100",
    LOG_LEVEL: "warn",
    RATE_LIMIT_SENSITIVE_MAX: "1000",
    SMTP_URL: "",
    ...env,
  });
  await waitUntilReady(url, server);
  return {
    url,
    async stop() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface GatehouseInChromium {
  gatehouse: RunningGatehouse;
  /** A new browser profile (its own cookies) whose relative URLs go to Gatehouse. */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** A page in a new browser profile, on Gatehouse. */
  newPage(options?: BrowserContextOptions): Promise<Page>;
}

/**
 * Gatehouse and Chromium for all the tests of a file: started before the first, stopped after the
 * last. `env` is read when Gatehouse starts, so an earlier beforeAll may still fill it in.
 */
export function setUpGatehouseInChromium(env: Record<string, string> = {}): GatehouseInChromium {
  let gatehouse: RunningGatehouse | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    gatehouse = await startGatehouse(env);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await gatehouse?.stop();
  });
  const started = <T>(value: T | undefined): T => {
    if (!value) throw new Error("Gatehouse and Chromium start in beforeAll; use them inside a test or hook");
    return value;
  };
  return {
    get gatehouse() {
      return started(gatehouse);
    },
    newContext: (options) => started(browser).newContext({ baseURL: started(gatehouse).url, ...options }),
    newPage: (options) => started(browser).newPage({ baseURL: started(gatehouse).url, ...options }),
  };
}
