import type { BetterAuthPlugin } from "better-auth";

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
