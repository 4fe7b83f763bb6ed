import type { DBAdapter } from "@better-auth/core/db/adapter";
import type { BetterAuthPlugin } from "better-auth";
import { type JobRequest, jobRow } from "../jobs/outbox.ts";
import type { Clock } from "../shared/clock.ts";
import type { Ids } from "../shared/ids.ts";

/**
 * Declares our `job` table to better-auth so mail enqueued from its callbacks is written through
 * its adapter — and therefore inside the transaction better-auth holds, such as sign-up's. The
 * column names are the snake_case ones our migrations create.
 */
export const outboxPlugin = () =>
  ({
    id: "gatehouse-outbox",
    schema: {
      job: {
        fields: {
          type: { type: "string", required: true },
          payload: { type: "string", required: true },
          status: { type: "string", required: true },
          attempts: { type: "number", required: true },
          maxAttempts: { type: "number", required: true, fieldName: "max_attempts" },
          runAt: { type: "date", required: true, fieldName: "run_at" },
          lockedBy: { type: "string", required: false, fieldName: "locked_by" },
          lockedUntil: { type: "date", required: false, fieldName: "locked_until" },
          lastError: { type: "string", required: false, fieldName: "last_error" },
          dedupeKey: { type: "string", required: false, unique: true, fieldName: "dedupe_key" },
          createdAt: { type: "date", required: true, fieldName: "created_at" },
          updatedAt: { type: "date", required: true, fieldName: "updated_at" },
        },
      },
    },
  }) satisfies BetterAuthPlugin;

/**
 * Enqueues a job through a better-auth adapter — the transaction-bound one when better-auth holds a
 * transaction — using the field names declared above. The row itself is the one `enqueue()` writes.
 */
export async function enqueueThroughAdapter(
  adapter: Pick<DBAdapter, "create">,
  request: JobRequest,
  clock: Clock,
  ids: Ids,
): Promise<string> {
  const row = jobRow(request, clock, ids);
  await adapter.create({
    model: "job",
    forceAllowId: true,
    data: {
      id: row.id,
      type: row.type,
      payload: row.payload,
      status: row.status,
      attempts: row.attempts,
      maxAttempts: row.max_attempts,
      runAt: new Date(row.run_at),
      dedupeKey: row.dedupe_key,
      createdAt: new Date(row.created_at),
      updatedAt: new Date(row.updated_at),
    },
  });
  return row.id;
}
