import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { linkIn } from "../support/smtp-inbox.ts";
import { useTestServer } from "../support/test-server.ts";

const server = useTestServer();

const jobsOfType = (type: string) => server.deps.db.selectFrom("job").selectAll().where("type", "=", type).execute();

describe("mail delivery", () => {
  it("keeps a mail through an SMTP outage and delivers it once the server is back", async () => {
    server.inbox.failWith = "451 mailbox temporarily unavailable";
    const browser = server.client();
    await browser.auth.signUp.email({ email: "outage@example.com", password: "patient password", name: "O" });
    await server.drainJobs();
    expect(server.inbox.to("outage@example.com")).toHaveLength(0);
    const [queued] = (await jobsOfType("mail.send")).filter((j) => j.payload.includes("outage@example.com"));
    expect(queued).toMatchObject({ status: "pending", attempts: 1 });
    expect(queued?.last_error).toContain("451");

    server.inbox.failWith = undefined;
    // The retry is scheduled a second later; make it due now rather than waiting.
    await server.deps.db
      .updateTable("job")
      .set({ run_at: new Date(0).toISOString() })
      .where("id", "=", queued?.id ?? "")
      .execute();
    await server.drainJobs();
    const [mail] = server.inbox.to("outage@example.com");
    expect(mail?.subject).toBe("Verify your email address");
    expect((await browser.fetch(linkIn(mail))).status).toBe(302);
    expect((await browser.auth.getSession()).data?.user.emailVerified).toBe(true);
  });

  it("sends from MAIL_FROM with a stable message id, and forgets the link once delivered", async () => {
    await server.client().auth.signUp.email({ email: "from@example.com", password: "patient password", name: "F" });
    await server.drainJobs();
    const [mail] = server.inbox.to("from@example.com");
    expect(mail?.from).toBe("no-reply@localhost");
    const done = (await jobsOfType("mail.send")).find((j) => mail?.messageId?.includes(j.id));
    expect(done?.status).toBe("done");
    expect(done?.payload).not.toContain("token=");
  });

  it("never answers success for a sign-up whose verification mail could not be queued", async () => {
    await sql`alter table job rename to job_unavailable`.execute(server.deps.db);
    try {
      const response = await server
        .client()
        .post("/api/auth/sign-up/email", { email: "tx@example.com", password: "patient password", name: "T" });
      expect(response.status).toBe(500);
      const body = await response.json();
      expect(body).toMatchObject({ code: "INTERNAL_SERVER_ERROR", message: "Internal server error" });
      expect(body.errorId).toMatch(/^err_/);
      expect(JSON.stringify(body)).not.toContain("job");
    } finally {
      await sql`alter table job_unavailable rename to job`.execute(server.deps.db);
    }
  });
});
