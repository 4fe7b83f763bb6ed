import { runWithTransaction } from "@better-auth/core/context";
import { kyselyAdapter } from "@better-auth/kysely-adapter";
import type { BetterAuthOptions } from "better-auth";
import { findOrganization } from "../../billing/organizations/organizations.repository.ts";
import { serializeOrganization } from "../../billing/organizations/organizations.serialize.ts";
import { emitWebhookEvent } from "../../billing/webhooks/webhooks.emit.ts";
import type { Database, Dialect } from "../../db/database.ts";
import type { Clock } from "../../shared/clock.ts";
import type { Ids } from "../../shared/ids.ts";

interface WebhookDeps {
  db: Database;
  dialect: Dialect;
  clock: Clock;
  ids: Ids;
}

// The endpoint as better-call calls it: with a context whose `context` is better-auth's.
type EndpointContext = { context: { options: BetterAuthOptions; adapter: unknown } & Record<string, unknown> };
type Endpoint = ((ctx: EndpointContext) => Promise<unknown>) & { path?: string; options?: unknown };

/** What the endpoint answered: dispatch asks for `{ headers, response, status }`, a bare call gets the body. */
const answerOf = (result: unknown): unknown =>
  result && typeof result === "object" && "response" in result ? (result as { response: unknown }).response : result;

/**
 * `organization.updated` for the identity layer's own update (name, slug, logo, metadata), written
 * in the same transaction as the change. better-auth 1.7.7 updates the organization without a
 * transaction, and its `afterUpdateOrganization` hook runs after that write has committed, so a crash
 * in between would lose the event. Instead the endpoint runs inside a transaction of ours that
 * better-auth writes through: an adapter bound to it is made the current one (what its organization
 * queries use) and the endpoint context's own (what its permission check uses, which on SQLite's
 * single connection would otherwise wait for the transaction forever). A refused update throws, so
 * nothing is written.
 */
export function withOrganizationUpdatedEvent<Plugin extends { endpoints: { updateOrganization: unknown } }>(
  plugin: Plugin,
  deps: WebhookDeps,
): Plugin {
  const update = plugin.endpoints.updateOrganization as Endpoint;
  const transactional = (ctx: EndpointContext) =>
    deps.db.transaction().execute(async (trx) => {
      const options = ctx.context.options;
      // The schema was checked at start-up; re-checking it for each transaction's adapter is waste.
      const adapter = kyselyAdapter(trx, { type: deps.dialect })({
        ...options,
        advanced: { ...options.advanced, database: { ...options.advanced?.database, validateSchema: false } },
      });
      const result = await runWithTransaction(adapter, () => update({ ...ctx, context: { ...ctx.context, adapter } }));
      const updated = answerOf(result) as { id?: unknown } | null;
      const row = typeof updated?.id === "string" ? await findOrganization(trx, updated.id) : undefined;
      if (row) {
        await emitWebhookEvent(trx, deps, { organizationId: row.id, type: "organization.updated", data: serializeOrganization(row) });
      }
      return result;
    });
  const endpoint = Object.assign(transactional, { path: update.path, options: update.options });
  return { ...plugin, endpoints: { ...plugin.endpoints, updateOrganization: endpoint } };
}
