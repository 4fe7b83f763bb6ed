import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import type { Clock } from "../shared/clock.ts";
import type { Ids } from "../shared/ids.ts";

export interface JobRequest {
  type: string;
  payload: unknown;
  /** When to run; now by default. */
  runAt?: Date;
  /** A second enqueue with the same key is ignored, making the enqueue itself idempotent. */
  dedupeKey?: string;
  maxAttempts?: number;
}

export const DEFAULT_MAX_ATTEMPTS = 10;

/** The row to insert for a job; shared by the Kysely path and the better-auth adapter path. */
export function jobRow(request: JobRequest, clock: Clock, ids: Ids) {
  const now = clock.now().toISOString();
  return {
    id: ids.next("job"),
    type: request.type,
    payload: JSON.stringify(request.payload ?? null),
    status: "pending" as const,
    attempts: 0,
    max_attempts: request.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    run_at: (request.runAt ?? clock.now()).toISOString(),
    locked_by: null,
    locked_until: null,
    last_error: null,
    dedupe_key: request.dedupeKey ?? null,
    created_at: now,
    updated_at: now,
  };
}

/**
 * Writes a job with the caller's transaction (`db` may be a Transaction), so the side effect
 * commits or rolls back together with the change that caused it.
 */
export async function enqueue(db: Kysely<DB>, clock: Clock, ids: Ids, request: JobRequest): Promise<string> {
  const row = jobRow(request, clock, ids);
  await db
    .insertInto("job")
    .values(row)
    .onConflict((oc) => oc.column("dedupe_key").doNothing())
    .execute();
  return row.id;
}
