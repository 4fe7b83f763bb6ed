import nodemailer from "nodemailer";
import type { Database } from "../db/database.ts";
import type { Clock } from "../shared/clock.ts";
import type { Logger } from "../shared/logger.ts";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** `id` is stable across retries so a resend can be recognised as the same message. */
  send(mail: Mail, id: string): Promise<void>;
  close?(): void;
}

export function smtpMailer(url: string, from: string, messageIdDomain: string): Mailer {
  // Timeouts well under the job lock (5 min): a stalled session must fail before another worker
  // may reclaim the job, or the same mail could go out twice at once.
  const transport = nodemailer.createTransport({ url, connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 });
  return {
    async send(mail, id) {
      await transport.sendMail({ from, ...mail, messageId: `<${id}@${messageIdDomain}>` });
    },
    close: () => transport.close(),
  };
}

/**
 * Without SMTP the mail is kept in the database and printed to the log, so a newcomer can open the
 * verification link from the development mailbox page. Never used in production.
 */
export function devMailbox(db: Database, clock: Clock, log: Logger): Mailer {
  return {
    async send(mail, id) {
      await db
        .insertInto("dev_mail")
        .values({
          id,
          to_address: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html ?? null,
          created_at: clock.now().toISOString(),
        })
        .onConflict((oc) => oc.column("id").doNothing())
        .execute();
      log.info({ to: mail.to, subject: mail.subject, body: mail.text }, "development mailbox: mail stored (open /dev/mailbox)");
    },
  };
}
