import { z } from "zod";
import type { JobHandler } from "../jobs/runner.ts";
import type { Mailer } from "./mailer.ts";

export const SEND_MAIL_JOB = "mail.send";

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
