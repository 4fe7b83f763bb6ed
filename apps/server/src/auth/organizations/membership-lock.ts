import pg from "pg";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/database.ts";

/**
 * The membership limit (ORGANIZATION_MEMBERSHIP_LIMIT) must hold when invitations are accepted at
 * the same moment. better-auth 1.7.7 counts the members, then inserts one, in separate statements;
 * two acceptances can both count "limit − 1" and both join. Acceptances into one organization are
 * therefore run one at a time, for the whole request:
 *
 * - within a process by a per-organization queue (enough on SQLite, whose file one server owns);
 * - on PostgreSQL also across processes, by a session-level advisory lock held on a connection of
 *   its own. Not a connection from the shared pool: requests waiting for the lock would hold pool
 *   connections the lock holder needs for its own queries, and a busy server would deadlock. A
 *   crashed process's connection closes, which releases its lock.
 *
 * It wraps the HTTP handler rather than living in a better-auth hook because only a wrapper has a
 * `finally` that is sure to run after the endpoint, whatever it throws. Adding members directly
 * (auth.api.addMember) is server-only and not serialized; the server does not use it for people.
 */

const ACCEPT_INVITATION = "/organization/accept-invitation";
/** First key of the two-part advisory lock, so our locks never collide with anyone else's. */
const LOCK_NAMESPACE = 0x67617465; // "gate"

type Run = () => Promise<Response>;

const isJson = (request: Request) => (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() === "application/json";

const unsupportedMediaType = () =>
  Response.json({ code: "UNSUPPORTED_MEDIA_TYPE", message: "Send the invitation id as a JSON body" }, { status: 415 });

export function membershipSerializer(deps: { config: Config; db: Database }, authBasePath: string) {
  const queues = new Map<string, Promise<void>>();
  const database = deps.config.database;

  /** Runs after every earlier caller with the same key in this process has finished. */
  async function inProcess(key: string, run: Run): Promise<Response> {
    const previous = queues.get(key) ?? Promise.resolve();
    let release = () => {};
    const current = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tail = previous.then(() => current);
    queues.set(key, tail);
    await previous;
    try {
      return await run();
    } finally {
      release();
      if (queues.get(key) === tail) queues.delete(key);
    }
  }

  async function acrossProcesses(organizationId: string, run: Run): Promise<Response> {
    if (database.kind !== "postgres") return run();
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query("select pg_advisory_lock($1, hashtext($2))", [LOCK_NAMESPACE, organizationId]);
      return await run();
    } finally {
      // Closing the session releases its advisory locks.
      await client.end().catch(() => {});
    }
  }

  async function organizationOf(request: Request): Promise<string | undefined> {
    const body: unknown = await request
      .clone()
      .json()
      .catch(() => undefined);
    const invitationId = (body as { invitationId?: unknown } | undefined)?.invitationId;
    if (typeof invitationId !== "string") return undefined;
    const invitation = await deps.db.selectFrom("invitation").select("organizationId").where("id", "=", invitationId).executeTakeFirst();
    return invitation?.organizationId;
  }

  /** Runs `run` (the auth handler for `request`), serialized when it may add a member. */
  return async function serializeMembershipChanges(request: Request, run: Run): Promise<Response> {
    if (request.method !== "POST" || new URL(request.url).pathname !== `${authBasePath}${ACCEPT_INVITATION}`) return run();
    // better-auth also parses form bodies (and matches content types loosely), which the lookup
    // below would not read: such a request would run unserialized. Acceptance takes JSON only.
    if (!isJson(request)) return unsupportedMediaType();
    const organizationId = await organizationOf(request);
    // An unknown invitation adds nobody; better-auth refuses it.
    if (!organizationId) return run();
    return inProcess(organizationId, () => acrossProcesses(organizationId, run));
  };
}
