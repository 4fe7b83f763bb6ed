import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { type DatabaseHandle, openDatabase } from "../../src/db/database.ts";
import { migrateToLatest } from "../../src/db/migrate.ts";
import { enqueue } from "../../src/jobs/outbox.ts";
import { type JobHandler, JobRunner, retryDelayMs } from "../../src/jobs/runner.ts";
import type { Clock } from "../../src/shared/clock.ts";
import { randomIds } from "../../src/shared/ids.ts";
import { createLogger } from "../../src/shared/logger.ts";
import { createTestDatabase, type TestDatabase } from "../support/test-database.ts";

/** A clock the test moves by hand. */
class ManualClock implements Clock {
  current = new Date("2026-01-01T00:00:00.000Z");
  now = () => new Date(this.current);
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
}

let database: TestDatabase;
let handle: DatabaseHandle;
let clock: ManualClock;
const log = createLogger("silent");

beforeAll(async () => {
  database = await createTestDatabase();
  handle = openDatabase(loadConfig({ DATABASE_URL: database.url, AUTH_SECRET: "x".repeat(32) }).database);
  await migrateToLatest(handle.db);
});
afterAll(async () => {
  await handle.close();
  await database.drop();
});
beforeEach(async () => {
  clock = new ManualClock();
  await handle.db.deleteFrom("job").execute();
});

function runner(handlers: Record<string, JobHandler>, options: { lockMs?: number } = {}) {
  return new JobRunner({ db: handle.db, dialect: handle.dialect, clock, ids: randomIds, log, handlers, pollMs: 10, ...options });
}
const job = (id: string) => handle.db.selectFrom("job").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

describe("job runner", () => {
  it("runs a due job once and marks it done", async () => {
    const seen: unknown[] = [];
    const id = await enqueue(handle.db, clock, randomIds, { type: "greet", payload: { name: "Ada" } });
    const ran = await runner({ greet: { run: async (p) => void seen.push(p) } }).drain();
    expect(ran).toBe(1);
    expect(seen).toEqual([{ name: "Ada" }]);
    expect(await job(id)).toMatchObject({ status: "done", attempts: 1, locked_by: null });
    expect(await runner({ greet: { run: async (p) => void seen.push(p) } }).drain()).toBe(0);
  });

  it("leaves a job scheduled in the future alone until its time comes", async () => {
    const id = await enqueue(handle.db, clock, randomIds, {
      type: "later",
      payload: null,
      runAt: new Date(clock.current.getTime() + 60_000),
    });
    const r = runner({ later: { run: async () => {} } });
    expect(await r.drain()).toBe(0);
    clock.advance(60_000);
    expect(await r.drain()).toBe(1);
    expect((await job(id)).status).toBe("done");
  });

  it("retries a failing job with exponential backoff, then dead-letters it", async () => {
    const id = await enqueue(handle.db, clock, randomIds, { type: "flaky", payload: null, maxAttempts: 3 });
    const r = runner({ flaky: { run: async () => Promise.reject(new Error("smtp down")) } });
    expect(await r.drain()).toBe(1);
    expect(await job(id)).toMatchObject({ status: "pending", attempts: 1, last_error: "smtp down" });
    // Not due again before the backoff has passed.
    clock.advance(retryDelayMs(1) - 1);
    expect(await r.drain()).toBe(0);
    clock.advance(1);
    expect(await r.drain()).toBe(1);
    clock.advance(retryDelayMs(2));
    expect(await r.drain()).toBe(1);
    expect(await job(id)).toMatchObject({ status: "dead", attempts: 3, last_error: "smtp down" });
    clock.advance(24 * 60 * 60 * 1000);
    expect(await r.drain()).toBe(0);
  });

  it("doubles the delay between attempts up to one hour", () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000]);
    expect(retryDelayMs(40)).toBe(60 * 60 * 1000);
  });

  it("succeeds on a later attempt once the failure clears", async () => {
    let failures = 2;
    const id = await enqueue(handle.db, clock, randomIds, { type: "recovering", payload: null });
    const r = runner({ recovering: { run: async () => (failures-- > 0 ? Promise.reject(new Error("busy")) : undefined) } });
    for (let i = 0; i < 3; i++) {
      await r.drain();
      clock.advance(60 * 60 * 1000);
    }
    expect(await job(id)).toMatchObject({ status: "done", attempts: 3, last_error: null });
  });

  it("takes over a job whose worker died mid-run once its lock lapses", async () => {
    const id = await enqueue(handle.db, clock, randomIds, { type: "slow", payload: null });
    // A worker claims the job and dies before finishing: its run never settles.
    const dying = runner({ slow: { run: () => new Promise(() => {}) } }, { lockMs: 30_000 });
    void dying.tick();
    await expect.poll(async () => (await job(id)).status).toBe("running");

    const rescuer = runner({ slow: { run: async () => {} } });
    expect(await rescuer.drain()).toBe(0);
    clock.advance(30_001);
    expect(await rescuer.drain()).toBe(1);
    expect(await job(id)).toMatchObject({ status: "done", attempts: 2, locked_by: null });
  });

  it("dead-letters, without running it again, a job whose worker died during its last attempt", async () => {
    let runs = 0;
    const id = await enqueue(handle.db, clock, randomIds, { type: "crashy", payload: "secret link", maxAttempts: 1 });
    void runner({ crashy: { run: () => new Promise(() => {}), scrubPayloadWhenDone: true } }, { lockMs: 1000 }).tick();
    await expect.poll(async () => (await job(id)).status).toBe("running");
    clock.advance(1001);
    await runner({ crashy: { run: async () => void runs++, scrubPayloadWhenDone: true } }).drain();
    expect(runs).toBe(0);
    expect(await job(id)).toMatchObject({ status: "dead", last_error: "worker stopped during the last attempt" });
    expect((await job(id)).payload).not.toContain("secret link");
  });

  it("forgets a dead mail's payload as it would a delivered one's", async () => {
    const id = await enqueue(handle.db, clock, randomIds, { type: "doomed", payload: "https://x/reset?token=abc", maxAttempts: 1 });
    await runner({ doomed: { run: () => Promise.reject(new Error("550 no such user")), scrubPayloadWhenDone: true } }).drain();
    expect(await job(id)).toMatchObject({ status: "dead", last_error: "550 no such user" });
    expect((await job(id)).payload).not.toContain("token=abc");
  });

  it("stops claiming new jobs once asked to stop, leaving the backlog for the next worker", async () => {
    for (let i = 0; i < 30; i++) await enqueue(handle.db, clock, randomIds, { type: "backlog", payload: i });
    let ran = 0;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const r = runner({
      backlog: {
        run: async () => {
          ran++;
          await gate;
        },
      },
    });
    r.start();
    // The first batch (10) is claimed and running when the stop comes.
    await expect.poll(() => ran).toBe(10);
    const stopped = r.stop();
    release();
    await stopped;
    expect(ran).toBe(10);
    const statuses = await handle.db.selectFrom("job").select("status").execute();
    expect(statuses.filter((j) => j.status === "done")).toHaveLength(10);
    expect(statuses.filter((j) => j.status === "pending")).toHaveLength(20);
  });

  it("dead-letters a job with no handler instead of retrying forever", async () => {
    const id = await enqueue(handle.db, clock, randomIds, { type: "unknown.kind", payload: null, maxAttempts: 1 });
    await runner({}).drain();
    expect(await job(id)).toMatchObject({ status: "dead", last_error: "No handler for job type unknown.kind" });
  });

  it("ignores a second enqueue with the same dedupe key", async () => {
    await enqueue(handle.db, clock, randomIds, { type: "once", payload: 1, dedupeKey: "order-1-paid" });
    await enqueue(handle.db, clock, randomIds, { type: "once", payload: 2, dedupeKey: "order-1-paid" });
    const rows = await handle.db.selectFrom("job").select("payload").where("type", "=", "once").execute();
    expect(rows.map((r) => JSON.parse(r.payload))).toEqual([1]);
  });

  it("loses the job together with a rolled-back transaction, and keeps it with a committed one", async () => {
    await handle.db
      .transaction()
      .execute(async (trx) => {
        await enqueue(trx, clock, randomIds, { type: "tx", payload: "rolled back" });
        throw new Error("abort");
      })
      .catch(() => {});
    await handle.db.transaction().execute((trx) => enqueue(trx, clock, randomIds, { type: "tx", payload: "committed" }));
    const rows = await handle.db.selectFrom("job").select("payload").where("type", "=", "tx").execute();
    expect(rows.map((r) => JSON.parse(r.payload))).toEqual(["committed"]);
  });

  it("lets two workers share the queue without running any job twice", async () => {
    const runs = new Map<number, number>();
    for (let i = 0; i < 40; i++) await enqueue(handle.db, clock, randomIds, { type: "count", payload: i });
    const handler: JobHandler = {
      run: async (p) => {
        runs.set(p as number, (runs.get(p as number) ?? 0) + 1);
        await new Promise((r) => setTimeout(r, 1));
      },
    };
    await Promise.all([runner({ count: handler }).drain(), runner({ count: handler }).drain()]);
    expect(runs.size).toBe(40);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
  });

  it("finishes the job in flight when stopped", async () => {
    let release: () => void = () => {};
    let finished = false;
    await enqueue(handle.db, clock, randomIds, { type: "long", payload: null });
    const r = runner({
      long: {
        run: () =>
          new Promise<void>((resolve) => {
            release = () => {
              finished = true;
              resolve();
            };
          }),
      },
    });
    r.start();
    await expect.poll(async () => (await handle.db.selectFrom("job").select("status").executeTakeFirstOrThrow()).status).toBe("running");
    const stopped = r.stop();
    release();
    await stopped;
    expect(finished).toBe(true);
    expect((await handle.db.selectFrom("job").select("status").executeTakeFirstOrThrow()).status).toBe("done");
  });
});
