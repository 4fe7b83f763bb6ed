import { z } from "zod";
import type { JobHandler } from "../jobs/runner.ts";
import type { Mailer } from "./mailer.ts";

export const SEND_MAIL_JOB = "mail.send";
/**
 * With backoff doubling to a 1 h cap, 25 attempts span about 14 hours: an SMTP outage shorter than
 * that loses no mail (the default 10 would give up after about 9 minutes).
 */
export const MAIL_MAX_ATTEMPTS = 25;

const mailPayload = z.object({
  to: z.email(),
  subject: z.string().min(1),
  text: z.string(),
  html: z.string().optional(),
});

export function sendMailJob(mailer: Mailer): JobHandler {
  return {
    // The payload holds one-time links; once delivered it has no reason to stay in the table.
    scrubPayloadWhenDone: true,
    async run(payload, job) {
      await mailer.send(mailPayload.parse(payload), job.id);
    },
  };
}
