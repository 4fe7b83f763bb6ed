import type { Deps } from "../../deps.ts";
import { paginate } from "../api/pagination.ts";
import { polarErrors } from "../api/polar-errors.ts";
import { applySorting, type SortKey } from "../api/sorting.ts";
import type { Tenant } from "../api/tenant.ts";
import { emitWebhookEvent } from "../webhooks/webhooks.emit.ts";
import { findOrganization, organizationsOf, saveBillingOrganization, updateOrganizationIdentity } from "./organizations.repository.ts";
import type { OrganizationOut, OrganizationSortKey, OrganizationUpdateInput } from "./organizations.schemas.ts";
import { serializeOrganization } from "./organizations.serialize.ts";
import { applyUpdate, decodeSettings } from "./organizations.settings.ts";

type Services = Pick<Deps, "db" | "clock" | "ids">;

/**
 * A caller sees exactly one organization, the one it acts for; any other id is answered as if it
 * did not exist, so ids of other tenants cannot be probed.
 */
function assertOwn(tenant: Tenant, id: string): void {
  if (id !== tenant.organizationId) throw polarErrors.notFound("Organization not found");
}

export async function getOrganization(deps: Services, tenant: Tenant, id: string): Promise<OrganizationOut> {
  assertOwn(tenant, id);
  const row = await findOrganization(deps.db, tenant.organizationId);
  if (!row) throw polarErrors.notFound("Organization not found");
  return serializeOrganization(row);
}

export function listOrganizations(
  deps: Services,
  tenant: Tenant,
  query: { slug?: string; page: number; limit: number; sorting: SortKey<OrganizationSortKey>[] },
) {
  let rows = organizationsOf(deps.db, tenant.organizationId);
  if (query.slug !== undefined) rows = rows.where("organization.slug", "=", query.slug);
  const sorted = applySorting(
    rows,
    query.sorting,
    {
      created_at: "organization.createdAt",
      slug: "organization.slug",
      name: "organization.name",
      next_review_threshold: "organization.createdAt",
      days_in_status: "organization.createdAt",
    },
    "organization.id",
  );
  return paginate(sorted, query, serializeOrganization);
}

/**
 * Polar's organization update: name and avatar go to the identity layer's row (where better-auth
 * reads them), everything else to billing's settings. One transaction, so a failure changes nothing.
 */
export async function updateOrganization(
  deps: Services,
  tenant: Tenant,
  id: string,
  input: OrganizationUpdateInput,
): Promise<OrganizationOut> {
  assertOwn(tenant, id);
  const now = deps.clock.now().toISOString();
  return deps.db.transaction().execute(async (trx) => {
    // The organization row already carries the stored settings: no second read.
    const current = await findOrganization(trx, tenant.organizationId);
    if (!current) throw polarErrors.notFound("Organization not found");
    const settings = applyUpdate(decodeSettings(current.settings), input);
    await saveBillingOrganization(trx, tenant.organizationId, {
      settings: JSON.stringify(settings),
      ...(input.details ? { details: JSON.stringify(input.details), details_submitted_at: now } : {}),
      now,
    });
    await updateOrganizationIdentity(trx, tenant.organizationId, {
      ...(input.name != null ? { name: input.name } : {}),
      ...(input.avatar_url != null ? { logo: input.avatar_url } : {}),
    });
    const updated = await findOrganization(trx, tenant.organizationId);
    if (!updated) throw polarErrors.notFound("Organization not found");
    const organization = serializeOrganization(updated);
    await emitWebhookEvent(trx, deps, { organizationId: tenant.organizationId, type: "organization.updated", data: organization });
    return organization;
  });
}
