/**
 * The link in the newest mail with this subject sent to `to`, read from the development mailbox's
 * JSON (`GET /api/dev/mailbox`, loopback only). The worker delivers within a few hundred ms.
 */
export async function linkFromNewestMail(baseURL: string, to: string, subject: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${baseURL}/api/dev/mailbox?to=${encodeURIComponent(to)}`, { headers: { accept: "application/json" } });
    if (!response.ok) throw new Error(`The development mailbox answered ${response.status}`);
    const { mails } = (await response.json()) as { mails: { subject: string; text: string }[] };
    const mail = mails.find((m) => m.subject === subject);
    const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No mail "${subject}" with a link reached ${to}`);
}
