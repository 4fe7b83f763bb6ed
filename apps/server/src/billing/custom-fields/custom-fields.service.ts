import type { Deps } from "../../deps.ts";
import { encodeMetadata, whereMetadata } from "../api/metadata.ts";
import { type Page, paginate } from "../api/pagination.ts";
import { polarErrors } from "../api/polar-errors.ts";
import { applySorting } from "../api/sorting.ts";
import { containsInsensitive, isUniqueViolation } from "../api/sql.ts";
import type { Tenant } from "../api/tenant.ts";
import {
  customFieldsOf,
  deleteCustomField,
  findCustomField,
  findCustomFieldBySlug,
  insertCustomField,
  serializeCustomField,
  updateCustomField,
} from "./custom-fields.repository.ts";
import type { CustomFieldCreateIn, CustomFieldOut, CustomFieldUpdateIn, ListCustomFieldsQueryIn } from "./custom-fields.schemas.ts";

type Services = Pick<Deps, "db" | "clock" | "ids" | "dialect">;

const slugTaken = () => polarErrors.invalid(["body", "slug"], "Custom field with this slug already exists.");

/** Slugs key the values customers enter, so two fields of one organization may not share one. */
async function assertSlugFree(deps: Services, organizationId: string, slug: string, exceptId?: string): Promise<void> {
  const existing = await findCustomFieldBySlug(deps.db, organizationId, slug);
  if (existing && existing.id !== exceptId) throw slugTaken();
}

/** Two requests racing for one slug: the unique index decides, and the loser gets the same 422. */
async function uniqueSlug<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
}

export async function createCustomField(deps: Services, tenant: Tenant, input: CustomFieldCreateIn): Promise<CustomFieldOut> {
  await assertSlugFree(deps, tenant.organizationId, input.slug);
  const row = {
    id: deps.ids.uuid(),
    organization_id: tenant.organizationId,
    type: input.type,
    slug: input.slug,
    name: input.name,
    properties: JSON.stringify(input.properties),
    metadata: encodeMetadata(input.metadata),
    created_at: deps.clock.now().toISOString(),
    modified_at: null,
  };
  await uniqueSlug(() => insertCustomField(deps.db, row));
  return serializeCustomField(row);
}

export async function getCustomField(deps: Services, tenant: Tenant, id: string): Promise<CustomFieldOut> {
  const row = await findCustomField(deps.db, tenant.organizationId, id);
  if (!row) throw polarErrors.notFound("Custom field not found.");
  return serializeCustomField(row);
}

export function listCustomFields(
  deps: Services,
  tenant: Tenant,
  query: ListCustomFieldsQueryIn,
  metadata: Map<string, string[]>,
): Promise<Page<CustomFieldOut>> {
  let qb = customFieldsOf(deps.db, tenant.organizationId);
  const types = [...(query.type_filter ?? []), ...(query.type ?? [])];
  if (types.length > 0) qb = qb.where("type", "in", types);
  const text = query.query;
  // Polar matches the query against both the slug and the name.
  if (text) qb = qb.where((eb) => eb.or([containsInsensitive("slug", text), containsInsensitive("name", text)]));
  qb = whereMetadata(qb, "metadata", metadata, deps.dialect);
  const sorted = applySorting(qb, query.sorting, { created_at: "created_at", slug: "slug", name: "name", type: "type" });
  return paginate(sorted, query, serializeCustomField);
}

export async function updateCustomFieldById(
  deps: Services,
  tenant: Tenant,
  id: string,
  input: CustomFieldUpdateIn,
): Promise<CustomFieldOut> {
  const existing = await findCustomField(deps.db, tenant.organizationId, id);
  if (!existing) throw polarErrors.notFound("Custom field not found.");
  if (existing.type !== input.type) {
    throw polarErrors.invalid(["body", "type"], `The custom field is of type ${existing.type}; its type cannot change.`, "literal_error");
  }
  if (input.slug && input.slug !== existing.slug) await assertSlugFree(deps, tenant.organizationId, input.slug, id);
  const changes = {
    ...(input.slug ? { slug: input.slug } : {}),
    ...(input.name ? { name: input.name } : {}),
    ...(input.metadata ? { metadata: encodeMetadata(input.metadata) } : {}),
    ...(input.properties ? { properties: JSON.stringify(input.properties) } : {}),
    modified_at: deps.clock.now().toISOString(),
  };
  await uniqueSlug(() => updateCustomField(deps.db, tenant.organizationId, id, changes));
  return serializeCustomField({ ...existing, ...changes });
}

export async function deleteCustomFieldById(deps: Services, tenant: Tenant, id: string): Promise<void> {
  if (!(await deleteCustomField(deps.db, tenant.organizationId, id))) throw polarErrors.notFound("Custom field not found.");
}
