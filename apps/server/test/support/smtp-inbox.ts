import type { AddressInfo } from "node:net";
import PostalMime from "postal-mime";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string | undefined;
  messageId: string | undefined;
}

/** A real SMTP server inside the test process: mail travels the same road as in production. */
export class SmtpInbox {
  readonly received: ReceivedMail[] = [];
  private server: SMTPServer | undefined;
  /** When set, every delivery is refused with this SMTP error, simulating an outage. */
  failWith: string | undefined;
  port = 0;

  async start(): Promise<this> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", async () => {
          if (this.failWith) return callback(Object.assign(new Error(this.failWith), { responseCode: 451 }));
          const parsed = await PostalMime.parse(Buffer.concat(chunks));
          this.received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            from: parsed.from?.address ?? "",
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: parsed.html,
            messageId: parsed.messageId,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => this.server?.listen(0, "127.0.0.1", resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
    return this;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  to(address: string): ReceivedMail[] {
    return this.received.filter((m) => m.to.includes(address.toLowerCase()));
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

/** The first http(s) link in a mail's text part. */
export function linkIn(mail: ReceivedMail | undefined): string {
  const match = mail?.text.match(/https?:\/\/\S+/);
  if (!match) throw new Error(`no link in mail ${JSON.stringify(mail?.subject)}`);
  return match[0];
}
