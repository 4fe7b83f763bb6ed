import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { emitWebhookEvent } from "../../src/billing/webhooks/webhooks.emit.ts";
import { useBillingServer } from "../support/billing.ts";
import { subscribeEndpoint } from "../support/webhooks.ts";

const { server, merchant } = useBillingServer();

/**
 * The dispatcher sends an endpoint's events in `seq` order, taken at insert. If a later insert
 * could commit first, the dispatcher would see it alone and send it before the earlier one.
 */
describe("webhook events of concurrent transactions", () => {
  it("lets a second change's event commit only after the first change's, so the endpoint gets them in order", async () => {
    const owner = await merchant();
    const endpointId = await subscribeEndpoint(owner, ["organization.updated"]);
    const { deps } = server;
    const emit = (trx: typeof deps.db, n: number) =>
      emitWebhookEvent(trx, deps, { organizationId: owner.organizationId, type: "organization.updated", data: { n } });

    const log: string[] = [];
    let letFirstCommit = () => {};
    const firstMayCommit = new Promise<void>((resolve) => (letFirstCommit = resolve));
    let firstEmitted = () => {};
    const firstHasEmitted = new Promise<void>((resolve) => (firstEmitted = resolve));

    const first = deps.db
      .transaction()
      .execute(async (trx) => {
        await emit(trx, 1);
        firstEmitted();
        await firstMayCommit;
      })
      .then(() => log.push("first committed"));
    await firstHasEmitted;
    const second = deps.db
      .transaction()
      .execute((trx) => emit(trx, 2))
      .then(() => log.push("second committed"));

    // Time for the second transaction to commit, were it not made to wait for the first.
    await sleep(300);
    log.push("first allowed to commit");
    letFirstCommit();
    await Promise.all([first, second]);

    expect(log).toEqual(["first allowed to commit", "first committed", "second committed"]);
    const rows = await deps.db.selectFrom("webhook_event").select("payload").where("endpoint_id", "=", endpointId).orderBy("seq").execute();
    expect(rows.map((row) => JSON.parse(row.payload ?? "null").data.n)).toEqual([1, 2]);
  });
});
