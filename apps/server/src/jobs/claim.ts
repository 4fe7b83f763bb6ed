import { sql } from "kysely";
import type { Database, Dialect } from "../db/database.ts";
import type { JobTable } from "../db/schema.ts";

export type ClaimedJob = Pick<JobTable, "id" | "type" | "payload" | "attempts" | "max_attempts">;

/**
 * Marks up to `limit` due jobs as running for this worker and returns them. A job whose lock has
 * lapsed (its worker died mid-run) is due again. The attempt is counted at claim time so a job
 * that crashes its worker still ends up dead instead of crashing workers forever.
 *
 * This is the one dialect-specific query: PostgreSQL skips rows another worker has locked, so many
 * workers claim in parallel without blocking; SQLite has a single writer, so the plain UPDATE is
 * already exclusive.
 */
export async function claimDueJobs(
  db: Database,
  dialect: Dialect,
  worker: string,
  now: Date,
  lockMs: number,
  limit: number,
): Promise<ClaimedJob[]> {
  const nowIso = now.toISOString();
  const lockedUntil = new Date(now.getTime() + lockMs).toISOString();
  const lock = dialect === "postgres" ? sql`for update skip locked` : sql``;
  const result = await sql<ClaimedJob>`
    update job
       set status = 'running', locked_by = ${worker}, locked_until = ${lockedUntil},
           attempts = attempts + 1, updated_at = ${nowIso}
     where id in (
       select id from job
        where (status = 'pending' and run_at <= ${nowIso})
           or (status = 'running' and locked_until < ${nowIso})
        order by run_at
        limit ${limit}
        ${lock})
    returning id, type, payload, attempts, max_attempts`.execute(db);
  return result.rows;
}
