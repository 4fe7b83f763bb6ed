import type { BrowserClient } from "../support/auth-client.ts";
import { signedInUser, type TestServer } from "../support/test-server.ts";

/** A signed-in platform admin: a new user given the "admin" role in the database. */
export async function platformAdmin(server: TestServer) {
  const admin = await signedInUser(server, { name: "Platform Admin" });
  await server.deps.db.updateTable("user").set({ role: "admin" }).where("id", "=", admin.userId).execute();
  return admin;
}

/** The audit_log rows for an action, straight from the database, oldest first. */
export const auditRows = (server: TestServer, where: { action?: string; organizationId?: string; actorUserId?: string } = {}) => {
  let query = server.deps.db.selectFrom("audit_log").selectAll();
  if (where.action) query = query.where("action", "=", where.action);
  if (where.organizationId) query = query.where("organization_id", "=", where.organizationId);
  if (where.actorUserId) query = query.where("actor_user_id", "=", where.actorUserId);
  return query.orderBy("created_at").execute();
};

/** GET /api/auth/audit-log/list with the given filters, as this browser. */
export async function listAuditLog(client: BrowserClient, filters: Record<string, string | number> = {}) {
  const query = new URLSearchParams(Object.entries(filters).map(([k, v]) => [k, String(v)]));
  const response = await client.fetch(`/api/auth/audit-log/list?${query}`);
  return { status: response.status, body: await response.json() };
}

/** POST a JSON body with a chosen User-Agent, as a browser would send it. */
export const postAs = (client: BrowserClient, path: string, body: unknown, userAgent: string) =>
  client.fetch(path, {
    method: "POST",
    headers: { "content-type": "application/json", "user-agent": userAgent },
    body: JSON.stringify(body),
  });
