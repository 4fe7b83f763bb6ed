import { createHash } from "node:crypto";
import { type Kysely, sql, type Updateable } from "kysely";
import type { CustomerTable, DB } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { encodeMetadata, whereMetadata } from "../api/metadata.ts";
import { paginate } from "../api/pagination.ts";
import { polarErrors } from "../api/polar-errors.ts";
import { applySorting } from "../api/sorting.ts";
import { isUniqueViolation } from "../api/sql.ts";
import type { Tenant } from "../api/tenant.ts";
import { deleteSessionsOf } from "../customer-sessions/customer-sessions.repository.ts";
import { emitWebhookEvent } from "../webhooks/webhooks.emit.ts";
import {
  customersOf,
  findCustomer,
  findCustomerByEmail,
  findCustomerByExternalId,
  insertCustomer,
  updateCustomer,
  whereQueryMatches,
} from "./customers.repository.ts";
import type { CustomerCreateInput, CustomerOut, CustomerStateOut, CustomerUpdateInput, ListCustomersInput } from "./customers.schemas.ts";
import { type CustomerRow, decodeAddress, serializeCustomer } from "./customers.serialize.ts";
import { taxIdFormatFor } from "./customers.tax-id.ts";

type Services = Pick<Deps, "db" | "clock" | "ids" | "dialect">;

/** A customer as the path names it: by our id, or by the merchant's own (external) id. */
export type CustomerRef = { id: string } | { externalId: string };

const EMAIL_TAKEN = "A customer with this email address already exists.";
const EXTERNAL_ID_TAKEN = "A customer with this external ID already exists.";

async function findByRef(deps: Services, organizationId: string, ref: CustomerRef): Promise<CustomerRow> {
  const row =
    "id" in ref
      ? await findCustomer(deps.db, organizationId, ref.id)
      : await findCustomerByExternalId(deps.db, organizationId, ref.externalId);
  if (!row) throw polarErrors.notFound("Customer not found");
  return row;
}

const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** The [value, format] pair to store, or 422 when the billing country has no tax ID format. */
function taxIdWithFormat(taxId: string, country: string | undefined): { tax_id: string; tax_id_format: string } {
  if (!country) throw polarErrors.invalid(["body", "tax_id"], "A billing address with a country is required to set a tax ID.");
  const format = taxIdFormatFor(country);
  if (!format) throw polarErrors.invalid(["body", "tax_id"], `Tax IDs are not supported for ${country}.`);
  return { tax_id: taxId.trim(), tax_id_format: format };
}

/** Writes, turning a lost race on a unique index into the same 422 the checks give. */
async function guardUnique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // SQLite names the columns in its message, PostgreSQL names the index.
    const e = error as { message?: string; constraint?: string };
    const onExternalId = `${e.message ?? ""} ${e.constraint ?? ""}`.includes("external_id");
    throw onExternalId
      ? polarErrors.invalid(["body", "external_id"], EXTERNAL_ID_TAKEN)
      : polarErrors.invalid(["body", "email"], EMAIL_TAKEN);
  }
}

/**
 * What a customer holds now. Subscriptions, benefit grants and meters arrive with their domains;
 * until then the lists are empty.
 */
const stateOf = (customer: CustomerOut): CustomerStateOut => ({
  ...customer,
  active_subscriptions: [],
  granted_benefits: [],
  active_meters: [],
});

/**
 * Records a customer's event in the change's transaction, followed by `customer.state_changed` as
 * Polar sends it after every created, updated and deleted customer.
 */
async function emitCustomerEvents(
  trx: Kysely<DB>,
  deps: Services,
  customer: CustomerOut,
  type: "customer.created" | "customer.updated" | "customer.deleted",
): Promise<void> {
  const organizationId = customer.organization_id;
  await emitWebhookEvent(trx, deps, { organizationId, type, data: customer });
  await emitWebhookEvent(trx, deps, { organizationId, type: "customer.state_changed", data: stateOf(customer) });
}

/** Reads the live customer as the API answers it, in the change's transaction, and records its events. */
async function customerChanged(
  trx: Kysely<DB>,
  deps: Services,
  organizationId: string,
  id: string,
  type: "customer.created" | "customer.updated",
): Promise<CustomerOut> {
  const row = await findCustomer(trx, organizationId, id);
  if (!row) throw polarErrors.notFound("Customer not found");
  const customer = serializeCustomer(row);
  await emitCustomerEvents(trx, deps, customer, type);
  return customer;
}

export async function createCustomer(deps: Services, tenant: Tenant, input: CustomerCreateInput): Promise<CustomerOut> {
  const { organizationId } = tenant;
  const email = input.email ? normalizeEmail(input.email) : null;
  if (input.type === "individual" && !email) throw polarErrors.invalid(["body", "email"], "Field required", "missing");
  if (email && (await findCustomerByEmail(deps.db, organizationId, email))) throw polarErrors.invalid(["body", "email"], EMAIL_TAKEN);
  if (input.external_id && (await findCustomerByExternalId(deps.db, organizationId, input.external_id))) {
    throw polarErrors.invalid(["body", "external_id"], EXTERNAL_ID_TAKEN);
  }
  const tax = input.tax_id ? taxIdWithFormat(input.tax_id, input.billing_address?.country) : { tax_id: null, tax_id_format: null };
  const row = {
    id: deps.ids.uuid(),
    organization_id: organizationId,
    type: input.type,
    email,
    email_verified: false,
    name: input.name ?? null,
    billing_name: null,
    billing_address: input.billing_address ? JSON.stringify(input.billing_address) : null,
    ...tax,
    locale: input.locale ?? null,
    external_id: input.external_id ?? null,
    metadata: encodeMetadata(input.metadata),
    created_at: deps.clock.now().toISOString(),
    modified_at: null,
    deleted_at: null,
  } satisfies CustomerRow;
  return guardUnique(() =>
    deps.db.transaction().execute(async (trx) => {
      await insertCustomer(trx, row);
      return customerChanged(trx, deps, organizationId, row.id, "customer.created");
    }),
  );
}

export function listCustomers(deps: Services, tenant: Tenant, query: ListCustomersInput, metadata: Map<string, string[]>) {
  let select = customersOf(deps.db, tenant.organizationId);
  if (query.email) select = select.where("email", "=", normalizeEmail(query.email));
  if (query.query) select = whereQueryMatches(select, query.query);
  select = whereMetadata(select, "metadata", metadata, deps.dialect);
  // Names sort ignoring case, so both engines agree whatever PostgreSQL's collation is.
  const sorted = applySorting(select, query.sorting, { created_at: "created_at", email: "email", name: sql`lower(${sql.ref("name")})` });
  return paginate(sorted, query, serializeCustomer);
}

export async function getCustomer(deps: Services, tenant: Tenant, ref: CustomerRef): Promise<CustomerOut> {
  return serializeCustomer(await findByRef(deps, tenant.organizationId, ref));
}

/**
 * Applies a partial update. `null` clears a field, except the email (a customer keeps one) and the
 * external id, which can be set once and then never changes, because the merchant's system keys on it.
 */
export async function updateCustomerByRef(
  deps: Services,
  tenant: Tenant,
  ref: CustomerRef,
  input: CustomerUpdateInput,
): Promise<CustomerOut> {
  const { organizationId } = tenant;
  const existing = await findByRef(deps, organizationId, ref);
  const changes: Updateable<CustomerTable> = {};

  if (input.metadata !== undefined) changes.metadata = encodeMetadata(input.metadata);
  if (input.name !== undefined) changes.name = input.name;
  if (input.locale !== undefined) changes.locale = input.locale;
  if (input.type) changes.type = input.type;
  if (input.email) {
    const email = normalizeEmail(input.email);
    if (email !== existing.email) {
      const other = await findCustomerByEmail(deps.db, organizationId, email);
      if (other && other.id !== existing.id) throw polarErrors.invalid(["body", "email"], EMAIL_TAKEN);
      changes.email = email;
      changes.email_verified = false;
    }
  }
  if ((changes.type ?? existing.type) === "individual" && !(changes.email ?? existing.email)) {
    throw polarErrors.invalid(["body", "email"], "An individual customer needs an email address.");
  }
  if (input.external_id !== undefined && input.external_id !== existing.external_id) {
    if (existing.external_id !== null)
      throw polarErrors.invalid(["body", "external_id"], "The external ID of a customer cannot be changed once set.");
    if (input.external_id && (await findCustomerByExternalId(deps.db, organizationId, input.external_id))) {
      throw polarErrors.invalid(["body", "external_id"], EXTERNAL_ID_TAKEN);
    }
    changes.external_id = input.external_id;
  }
  if (input.billing_address !== undefined) changes.billing_address = input.billing_address ? JSON.stringify(input.billing_address) : null;
  const taxId = input.tax_id !== undefined ? input.tax_id : existing.tax_id;
  if (input.tax_id !== undefined || input.billing_address !== undefined) {
    // The format follows the country, so a new address re-reads the tax ID it keeps.
    const address = changes.billing_address !== undefined ? changes.billing_address : existing.billing_address;
    Object.assign(changes, taxId ? taxIdWithFormat(taxId, decodeAddress(address)?.country) : { tax_id: null, tax_id_format: null });
  }

  changes.modified_at = deps.clock.now().toISOString();
  return guardUnique(() =>
    deps.db.transaction().execute(async (trx) => {
      await updateCustomer(trx, organizationId, existing.id, changes);
      return customerChanged(trx, deps, organizationId, existing.id, "customer.updated");
    }),
  );
}

/**
 * Soft delete: the customer vanishes from every read and its portal sessions end, while orders and
 * subscriptions keep pointing at the row. `anonymize` also erases the personal data.
 */
export async function deleteCustomerByRef(deps: Services, tenant: Tenant, ref: CustomerRef, anonymize: boolean): Promise<void> {
  const { organizationId } = tenant;
  const existing = await findByRef(deps, organizationId, ref);
  const now = deps.clock.now().toISOString();
  const erased = anonymize
    ? {
        email: existing.email ? `${createHash("sha256").update(existing.email).digest("hex").slice(0, 16)}@anonymized.invalid` : null,
        name: null,
        billing_name: null,
        billing_address: null,
        tax_id: null,
        tax_id_format: null,
      }
    : {};
  const changes = { ...erased, deleted_at: now, modified_at: now };
  await deps.db.transaction().execute(async (trx) => {
    await updateCustomer(trx, organizationId, existing.id, changes);
    await deleteSessionsOf(trx, organizationId, existing.id);
    // Reads no longer see a deleted customer; the event carries the row as it was just written.
    await emitCustomerEvents(trx, deps, serializeCustomer({ ...existing, ...changes }), "customer.deleted");
  });
}

/** The customer and what they hold now. */
export async function getCustomerState(deps: Services, tenant: Tenant, ref: CustomerRef): Promise<CustomerStateOut> {
  return stateOf(await getCustomer(deps, tenant, ref));
}
