import type { Kysely } from "kysely";
import { roleNames } from "../../auth/role-names.ts";
import type { Config } from "../../config.ts";
import type { DB } from "../../db/schema.ts";
import { enqueue } from "../../jobs/outbox.ts";
import { MAIL_MAX_ATTEMPTS, SEND_MAIL_JOB } from "../../mail/mail.jobs.ts";
import type { Clock } from "../../shared/clock.ts";
import type { Ids } from "../../shared/ids.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Drops the payloads of events older than the retention time (Polar's `is_archived`); the event
 * and its delivery log stay. Pending events keep theirs: they have not reached their endpoint yet
 * (it may be turned off, waiting to be re-enabled), and purging would lose them.
 */
export async function purgeExpiredPayloads(db: Kysely<DB>, clock: Clock, retentionDays: number): Promise<number> {
  const cutoff = new Date(clock.now().getTime() - retentionDays * DAY_MS).toISOString();
  const result = await db
    .updateTable("webhook_event")
    .set({ payload: null, modified_at: clock.now().toISOString() })
    .where("created_at", "<", cutoff)
    .where("status", "!=", "pending")
    .where("payload", "is not", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export type DisabledReason = "gone" | "failing";

/**
 * Tells the organization's owners and admins that we turned an endpoint off, with the transaction
 * that turns it off: the mail goes out if and only if the endpoint really was disabled.
 */
export async function notifyEndpointDisabled(
  trx: Kysely<DB>,
  deps: { config: Pick<Config, "baseUrl">; clock: Clock; ids: Ids },
  endpoint: { id: string; organization_id: string; url: string; name: string | null },
  reason: DisabledReason,
  failures: number,
): Promise<number> {
  const members = await trx
    .selectFrom("member")
    .innerJoin("user", "user.id", "member.userId")
    .innerJoin("organization", "organization.id", "member.organizationId")
    .select(["member.role", "user.email", "organization.name as organizationName"])
    .where("member.organizationId", "=", endpoint.organization_id)
    .execute();
  const admins = members.filter((m) => roleNames(m.role).some((role) => role === "owner" || role === "admin"));
  for (const admin of admins) {
    await enqueue(trx, deps.clock, deps.ids, {
      type: SEND_MAIL_JOB,
      payload: disabledMail(admin.email, admin.organizationName, endpoint, reason, failures, deps.config.baseUrl),
      maxAttempts: MAIL_MAX_ATTEMPTS,
    });
  }
  return admins.length;
}

function disabledMail(
  to: string,
  organizationName: string,
  endpoint: { url: string; name: string | null },
  reason: DisabledReason,
  failures: number,
  baseUrl: string,
) {
  // Only the origin and path: a query string may carry the receiver's own token.
  const url = new URL(endpoint.url);
  const where = `${url.origin}${url.pathname}`;
  const label = endpoint.name ? `${endpoint.name} (${where})` : where;
  const why =
    reason === "gone"
      ? "It answered 410 Gone, which means the receiver no longer exists."
      : `${failures} events in a row could not be delivered, each after retries over about three days.`;
  const link = new URL("/dashboard/webhooks", baseUrl).toString();
  const lines = [
    `Gatehouse stopped sending webhooks to the endpoint ${label} of ${organizationName}.`,
    why,
    "Events that happen from now on are recorded but not sent. Events already waiting stay queued and are sent in order once you turn the endpoint back on.",
  ];
  const text = [...lines, "", "Review the endpoint and turn it back on:", link].join("\n");
  const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5">${lines
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join("")}<p><a href="${escapeHtml(link)}">Review the endpoint</a></p></body></html>`;
  return { to, subject: `Webhook endpoint disabled: ${where}`, text, html };
}
