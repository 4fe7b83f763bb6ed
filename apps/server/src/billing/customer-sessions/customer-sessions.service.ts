import type { Deps } from "../../deps.ts";
import { polarErrors } from "../api/polar-errors.ts";
import { CUSTOMER_SESSION_TOKEN_PREFIX, hashToken, newToken } from "../api/principal.ts";
import type { Tenant } from "../api/tenant.ts";
import { findCustomer, findCustomerByExternalId } from "../customers/customers.repository.ts";
import { serializeCustomer } from "../customers/customers.serialize.ts";
import { insertCustomerSession } from "./customer-sessions.repository.ts";
import type { CustomerPortalCustomerOut, CustomerSessionCreateInput, CustomerSessionOut } from "./customer-sessions.schemas.ts";

type Services = Pick<Deps, "db" | "clock" | "ids" | "config">;

/** As on Polar: a portal link is meant to be followed now, not bookmarked. */
const SESSION_TTL_MS = 60 * 60 * 1000;

export async function createCustomerSession(
  deps: Services,
  tenant: Tenant,
  input: CustomerSessionCreateInput,
): Promise<CustomerSessionOut> {
  const { organizationId } = tenant;
  let customer: Awaited<ReturnType<typeof findCustomer>>;
  if (input.customer_id) {
    customer = await findCustomer(deps.db, organizationId, input.customer_id);
    if (!customer) throw polarErrors.invalid(["body", "customer_id"], "Customer does not exist.");
  } else if (input.external_customer_id) {
    customer = await findCustomerByExternalId(deps.db, organizationId, input.external_customer_id);
    if (!customer) throw polarErrors.invalid(["body", "external_customer_id"], "Customer does not exist.");
  } else {
    throw polarErrors.invalid(["body", "customer_id"], "Field required", "missing");
  }

  const token = newToken(CUSTOMER_SESSION_TOKEN_PREFIX);
  const now = deps.clock.now();
  const row = {
    id: deps.ids.uuid(),
    organization_id: organizationId,
    customer_id: customer.id,
    token_hash: hashToken(token),
    expires_at: new Date(now.getTime() + SESSION_TTL_MS).toISOString(),
    return_url: input.return_url ?? null,
    created_at: now.toISOString(),
    modified_at: null,
  };
  await insertCustomerSession(deps.db, row);
  const portalUrl = new URL("/portal", deps.config.baseUrl);
  portalUrl.searchParams.set("customer_session_token", token);
  return {
    created_at: row.created_at,
    modified_at: null,
    id: row.id,
    token,
    expires_at: row.expires_at,
    return_url: row.return_url,
    customer_portal_url: portalUrl.toString(),
    customer_id: customer.id,
    customer: serializeCustomer(customer),
  };
}

/** The portal's view of the signed-in customer. */
export async function getPortalCustomer(
  deps: Pick<Deps, "db">,
  session: { organizationId: string; customerId: string },
): Promise<CustomerPortalCustomerOut> {
  const row = await findCustomer(deps.db, session.organizationId, session.customerId);
  if (!row) throw polarErrors.unauthorized();
  const { created_at, modified_at, id, email, email_verified, name, billing_name, billing_address, tax_id, type, locale } =
    serializeCustomer(row);
  return {
    created_at,
    modified_at,
    id,
    email,
    email_verified,
    name,
    billing_name,
    billing_address,
    tax_id,
    oauth_accounts: {},
    default_payment_method_id: null,
    type,
    locale,
  };
}
