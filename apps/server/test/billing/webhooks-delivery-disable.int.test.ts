import { afterEach, describe, expect, it } from "vitest";
import type { Merchant } from "../support/billing.ts";
import { useBillingServer } from "../support/billing.ts";
import { freezeDate } from "../support/fixtures.ts";
import { memberWithRole } from "../support/organizations.ts";
import { outboxOf } from "../support/webhooks.ts";
import { closeReceivers, createProduct, endpointWithReceiver, letTimePass, productsOf } from "./webhooks-delivery.support.ts";

// Three failed events in a row turn an endpoint off here (ten by default), to keep the test short.
const { server, merchant } = useBillingServer({ WEBHOOK_DISABLE_AFTER_FAILURES: "3" });
afterEach(closeReceivers);

/** The merchant's organization with an admin (among other roles) and a plain member besides the owner. */
async function team(m: Merchant) {
  const admin = await memberWithRole(server, m.organizationId, "member,admin");
  const member = await memberWithRole(server, m.organizationId, "member");
  return { owner: m.owner.email, admin: admin.email, member: member.email };
}

const mailsAbout = (to: string) => server.inbox.to(to).filter((mail) => mail.subject.startsWith("Webhook endpoint disabled"));

describe("disabling a failing endpoint", () => {
  it("turns the endpoint off at once when it answers 410 Gone, and tells the owners and admins", async () => {
    const m = await merchant();
    const people = await team(m);
    const { receiver, endpointId } = await endpointWithReceiver(m);
    receiver.answer({ status: 410 });
    const first = await createProduct(m);
    await createProduct(m);
    await server.drainJobs();

    expect(productsOf(receiver)).toEqual([first]);
    const endpoint = await m.api.get(`/v1/webhooks/endpoints/${endpointId}`);
    expect(endpoint.body).toMatchObject({ enabled: false, disabled_reason: "gone" });
    expect((await outboxOf(server, m.organizationId)).map((e) => e.status)).toEqual(["failed", "pending"]);
    expect(mailsAbout(people.owner)).toHaveLength(1);
    expect(mailsAbout(people.admin)).toHaveLength(1);
    expect(mailsAbout(people.member)).toHaveLength(0);
    expect(mailsAbout(people.owner)[0]?.text).toContain("410 Gone");
  });

  it("turns the endpoint off after three failed events in a row, and resumes in order once turned back on", async () => {
    freezeDate();
    const m = await merchant();
    const people = await team(m);
    const { receiver, endpointId } = await endpointWithReceiver(m);
    receiver.answer({ status: 500 });
    const products = [await createProduct(m), await createProduct(m), await createProduct(m), await createProduct(m)];
    const fifth = await createProduct(m);
    await letTimePass(server, m.organizationId, 5);

    // The first three failed (ten attempts, then three each), the fourth was never sent.
    expect(new Set(productsOf(receiver))).toEqual(new Set(products.slice(0, 3)));
    const endpoint = await m.api.get(`/v1/webhooks/endpoints/${endpointId}`);
    expect(endpoint.body).toMatchObject({ enabled: false, disabled_reason: "failing" });
    expect((await outboxOf(server, m.organizationId)).map((e) => e.status)).toEqual(["failed", "failed", "failed", "pending", "pending"]);
    expect(mailsAbout(people.owner)).toHaveLength(1);
    expect(mailsAbout(people.admin)).toHaveLength(1);
    expect(mailsAbout(people.member)).toHaveLength(0);
    expect(mailsAbout(people.admin)[0]?.text).toContain("3 events in a row");

    // While off, new events are recorded as skipped, not sent later.
    await createProduct(m);
    receiver.answer({ status: 200 });
    const reenabled = await m.api.patch(`/v1/webhooks/endpoints/${endpointId}`, { enabled: true });
    expect(reenabled.body).toMatchObject({ enabled: true, disabled_reason: null });
    const before = receiver.received.length;
    await server.drainJobs();
    expect(productsOf(receiver).slice(before)).toEqual([products[3], fifth]);
    expect((await outboxOf(server, m.organizationId)).map((e) => e.status)).toEqual([
      "failed",
      "failed",
      "failed",
      "succeeded",
      "succeeded",
      "skipped",
    ]);
  });

  it("starts counting over after a success", async () => {
    freezeDate();
    const m = await merchant();
    const { receiver, endpointId } = await endpointWithReceiver(m);
    receiver.answer({ status: 500 });
    await createProduct(m);
    await createProduct(m);
    await letTimePass(server, m.organizationId, 5);
    receiver.answer({ status: 200 });
    await createProduct(m);
    await letTimePass(server, m.organizationId, 1);
    receiver.answer({ status: 500 });
    await createProduct(m);
    await createProduct(m);
    await letTimePass(server, m.organizationId, 5);
    // Four failed events in all, but never three in a row.
    expect((await outboxOf(server, m.organizationId)).map((e) => e.status)).toEqual(["failed", "failed", "succeeded", "failed", "failed"]);
    expect((await m.api.get(`/v1/webhooks/endpoints/${endpointId}`)).body).toMatchObject({ enabled: true });
  });
});
