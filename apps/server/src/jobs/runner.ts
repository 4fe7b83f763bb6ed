import type { Database, Dialect } from "../db/database.ts";
import type { Clock } from "../shared/clock.ts";
import type { Ids } from "../shared/ids.ts";
import type { Logger } from "../shared/logger.ts";
import { type ClaimedJob, claimDueJobs } from "./claim.ts";

export interface JobHandler {
  /** Must be safe to run more than once for the same job: delivery is at-least-once. */
  run(payload: unknown, job: { id: string; attempt: number }): Promise<void>;
  /** Replace the stored payload once done, for payloads that carry secrets (e.g. a reset link). */
  scrubPayloadWhenDone?: boolean;
}

/**
 * Work the runner drives besides the job queue (the webhook dispatcher): each has its own poll so
 * it can look for work more often than the job queue does.
 */
export interface Pump {
  name: string;
  /** One round; returns how much it did, 0 when there was nothing to do. */
  tick(): Promise<number>;
  /** How long to wait between rounds when idle; the runner's pollMs otherwise. */
  pollMs?: number;
}

export interface RunnerOptions {
  db: Database;
  dialect: Dialect;
  clock: Clock;
  ids: Ids;
  log: Logger;
  handlers: Record<string, JobHandler>;
  pollMs: number;
  batchSize?: number;
  lockMs?: number;
  pumps?: Pump[];
}

/** Exponential backoff: 1 s, 2 s, 4 s … capped at one hour. */
export function retryDelayMs(attempt: number): number {
  return Math.min(1000 * 2 ** Math.max(0, attempt - 1), 60 * 60 * 1000);
}

export class JobRunner {
  readonly workerId: string;
  private readonly loops: Loop[] = [];
  private stopping = false;

  private readonly o: RunnerOptions;

  constructor(options: RunnerOptions) {
    this.o = options;
    this.workerId = options.ids.next("worker");
  }

  /**
   * Runs every due job, and every pump's due work, until none is left. Tests and the CLI call
   * this directly. A pump's work may enqueue jobs (a mail) and a job may give pumps work, so the
   * round repeats until all of them are idle together.
   */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const ran = (await this.drainJobs()) + (await this.tickPumps(this.o.pumps ?? []));
      if (ran === 0) return total;
      total += ran;
    }
  }

  private async drainJobs(): Promise<number> {
    let total = 0;
    // Once stopping, finish what is claimed but claim nothing new: the backlog waits for the next
    // worker instead of being cut off by the shutdown deadline.
    while (!this.stopping) {
      const ran = await this.tick();
      if (ran === 0) return total;
      total += ran;
    }
    return total;
  }

  private async tickPumps(pumps: Pump[]): Promise<number> {
    let total = 0;
    for (const pump of pumps) {
      if (this.stopping) break;
      // One pump's failure (its database query, say) must not stop the others or the job queue.
      total += await pump.tick().catch((error) => {
        this.o.log.error({ err: error, pump: pump.name }, "worker round failed");
        return 0;
      });
    }
    return total;
  }

  private async drainPump(pump: Pump): Promise<void> {
    let busy = true;
    while (busy && !this.stopping) busy = (await this.tickPumps([pump])) > 0;
  }

  /** One claim-and-run round; returns how many jobs it ran. */
  async tick(): Promise<number> {
    const { db, dialect, clock, batchSize = 10, lockMs = 5 * 60 * 1000 } = this.o;
    const jobs = await claimDueJobs(db, dialect, this.workerId, clock.now(), lockMs, batchSize);
    // allSettled: one job's failed status update must not end the round while others still run.
    await Promise.allSettled(jobs.map((job) => this.runOne(job)));
    return jobs.length;
  }

  /** Polls the job queue and each pump, each on its own loop so a slow webhook never delays mail. */
  start(): void {
    this.stopping = false;
    const jobs = new Loop(this.o.pollMs, () =>
      this.drainJobs().catch((error) => this.o.log.error({ err: error }, "job runner round failed")),
    );
    const pumps = (this.o.pumps ?? []).map((pump) => new Loop(pump.pollMs ?? this.o.pollMs, () => this.drainPump(pump)));
    this.loops.push(jobs, ...pumps);
    for (const loop of this.loops) loop.start();
  }

  /** Stops polling and waits for the jobs already claimed (and pump rounds begun) to finish. */
  async stop(): Promise<void> {
    this.stopping = true;
    const loops = this.loops.splice(0);
    await Promise.all(loops.map((loop) => loop.stop()));
  }

  private async runOne(job: ClaimedJob): Promise<void> {
    const { db, clock, log, handlers } = this.o;
    const handler = handlers[job.type];
    const done = (values: Record<string, unknown>) =>
      db
        .updateTable("job")
        .set({ ...values, locked_by: null, locked_until: null, updated_at: clock.now().toISOString() })
        .where("id", "=", job.id)
        .where("locked_by", "=", this.workerId)
        .execute();
    const scrub = handler?.scrubPayloadWhenDone ? { payload: '"[scrubbed]"' } : {};
    // Reclaimed after its worker died on the last allowed attempt: running it again could crash
    // this worker too, so it is dead-lettered instead.
    if (job.attempts > job.max_attempts) {
      await done({ status: "dead", last_error: "worker stopped during the last attempt", ...scrub });
      log.warn({ jobId: job.id, type: job.type, attempt: job.attempts }, "job dead-lettered after its worker died");
      return;
    }
    try {
      if (!handler) throw new Error(`No handler for job type ${job.type}`);
      await handler.run(JSON.parse(job.payload), { id: job.id, attempt: job.attempts });
      await done({ status: "done", last_error: null, ...scrub });
      log.debug({ jobId: job.id, type: job.type }, "job done");
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const dead = job.attempts >= job.max_attempts;
      const runAt = new Date(clock.now().getTime() + retryDelayMs(job.attempts)).toISOString();
      await done(dead ? { status: "dead", last_error: message, ...scrub } : { status: "pending", run_at: runAt, last_error: message });
      log.warn({ jobId: job.id, type: job.type, attempt: job.attempts, dead, err: message }, "job failed");
    }
  }
}

/** Runs `round` again and again with `pollMs` between rounds, never two rounds at once. */
class Loop {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = false;

  private readonly pollMs: number;
  private readonly round: () => Promise<unknown>;

  constructor(pollMs: number, round: () => Promise<unknown>) {
    this.pollMs = pollMs;
    this.round = round;
  }

  start(): void {
    this.timer = setTimeout(() => this.run(), 0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private run(): void {
    if (this.stopped) return;
    // Rounds log their own errors; a rejection here must not become an unhandled one.
    this.running = Promise.resolve()
      .then(this.round)
      .catch(() => {})
      .finally(() => {
        this.running = undefined;
        if (this.stopped) return;
        this.timer = setTimeout(() => this.run(), this.pollMs);
      });
  }
}
