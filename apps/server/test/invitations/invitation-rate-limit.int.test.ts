import { describe, expect, it } from "vitest";
import { uniqueEmail } from "../support/fixtures.ts";
import { organizationWithOwner } from "../support/organizations.ts";
import { useTestServer } from "../support/test-server.ts";

// RATE_LIMIT_SENSITIVE_MAX=1 makes the invitation limit 10 a minute.
const server = useTestServer({ RATE_LIMIT_SENSITIVE_MAX: "1" });

describe("POST /api/auth/organization/invite-member rate limit", () => {
  it("answers 429 past ten times the sensitive limit per minute, so invitations cannot be used to spam", async () => {
    const { owner } = await organizationWithOwner(server);
    const statuses: number[] = [];
    for (let n = 0; n < 11; n++) {
      const response = await owner.client.post("/api/auth/organization/invite-member", { email: uniqueEmail("spam"), role: "member" });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses[10]).toBe(429);
    await server.drainJobs();
  });
});
