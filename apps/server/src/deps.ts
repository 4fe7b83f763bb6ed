import { Redis } from "ioredis";
import { type Auth, createAuth } from "./auth/auth.ts";
import { WebhookDispatcher } from "./billing/webhooks/webhooks.dispatcher.ts";
import type { Config } from "./config.ts";
import { type Database, type Dialect, openDatabase } from "./db/database.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { JobRunner } from "./jobs/runner.ts";
import { SEND_MAIL_JOB, sendMailJob } from "./mail/mail.jobs.ts";
import { devMailbox, type Mailer, smtpMailer } from "./mail/mailer.ts";
import { type Clock, systemClock } from "./shared/clock.ts";
import { type Ids, randomIds } from "./shared/ids.ts";
import { createLogger, type Logger } from "./shared/logger.ts";

export interface Deps {
  config: Config;
  db: Database;
  dialect: Dialect;
  auth: Auth;
  clock: Clock;
  ids: Ids;
  mailer: Mailer;
  log: Logger;
  jobs: JobRunner;
  webhooks: WebhookDispatcher;
  redis: Redis | undefined;
  close(): Promise<void>;
}

export interface DepsOverrides {
  clock?: Clock;
  ids?: Ids;
  log?: Logger;
  mailer?: Mailer;
}

/** Builds everything a process needs; entry points and tests differ only in what they override. */
export async function createDeps(config: Config, overrides: DepsOverrides = {}): Promise<Deps> {
  const log = overrides.log ?? createLogger(config.logLevel);
  const clock = overrides.clock ?? systemClock;
  const ids = overrides.ids ?? randomIds;
  const {
    db,
    dialect,
    close: closeDb,
  } = openDatabase(config.database, (error) => log.warn({ err: error.message }, "idle database connection lost; it will be replaced"));
  await migrateToLatest(db);
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : undefined;
  // Without a listener ioredis prints every reconnect failure as an unhandled error event.
  redis?.on("error", (error: Error) => log.warn({ err: error.message }, "redis connection problem"));
  const mailer =
    overrides.mailer ??
    (config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom, new URL(config.baseUrl).hostname) : devMailbox(db, clock, log));
  const auth = createAuth({ config, db, dialect, clock, ids, log, redis });
  // Webhooks ride on the job runner: whatever runs the worker (main with RUN_WORKER, worker.ts,
  // a test's drainJobs) also sends them.
  const webhooks = new WebhookDispatcher({ db, config, clock, ids, log });
  const jobs = new JobRunner({
    db,
    dialect,
    clock,
    ids,
    log,
    pollMs: config.workerPollMs,
    handlers: { [SEND_MAIL_JOB]: sendMailJob(mailer) },
    pumps: [webhooks],
  });
  return {
    config,
    db,
    dialect,
    auth,
    clock,
    ids,
    mailer,
    log,
    jobs,
    webhooks,
    redis,
    async close() {
      await jobs.stop();
      mailer.close?.();
      redis?.disconnect();
      await closeDb();
    },
  };
}
