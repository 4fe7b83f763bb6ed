import { Hono } from "hono";
import { z } from "zod";
import { toDate } from "../db/schema.ts";
import type { Deps } from "../deps.ts";
import { clientIp, isLoopback } from "../http/client-ip.ts";
import { commonErrors } from "../shared/app-error.ts";

const query = z.object({
  to: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** The development mailbox. Mounted only outside production: it shows one-time links. */
export function devMailboxRoutes(deps: Deps) {
  const app = new Hono();
  app.use(async (c, next) => {
    if (!isLoopback(clientIp(c, deps.config.trustedProxies))) throw commonErrors.noSuchEndpoint();
    await next();
  });
  app.get("/mailbox", async (c) => {
    const parsed = query.safeParse(c.req.query());
    if (!parsed.success) throw commonErrors.validation("Invalid query parameters", z.treeifyError(parsed.error));
    let q = deps.db.selectFrom("dev_mail").selectAll().orderBy("created_at", "desc").limit(parsed.data.limit);
    if (parsed.data.to) q = q.where("to_address", "=", parsed.data.to.toLowerCase());
    const rows = await q.execute();
    return c.json({
      mails: rows.map((m) => ({
        id: m.id,
        to: m.to_address,
        subject: m.subject,
        text: m.text,
        html: m.html,
        createdAt: toDate(m.created_at).toISOString(),
      })),
    });
  });
  return app;
}
