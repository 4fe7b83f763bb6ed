import { createHash } from "node:crypto";
import type { Selectable } from "kysely";
import type { CustomerTable } from "../../db/schema.ts";
import { decodeMetadata } from "../api/metadata.ts";
import { toBool, toIso } from "../api/wire.ts";
import type { AddressOut, CustomerOut } from "./customers.schemas.ts";

export type CustomerRow = Selectable<CustomerTable>;

export function decodeAddress(text: string | null): AddressOut | null {
  if (!text) return null;
  const value = JSON.parse(text) as Partial<AddressOut>;
  return {
    line1: value.line1 ?? null,
    line2: value.line2 ?? null,
    postal_code: value.postal_code ?? null,
    city: value.city ?? null,
    state: value.state ?? null,
    country: value.country ?? "",
  };
}

/**
 * Gravatar's image for the email, answering 404 when there is none (`d=404`) so clients fall back to
 * initials, as Polar does. SDK 0.47 requires a string even for a team without an email, so those
 * get the (always missing) image of their id.
 */
export function avatarUrl(email: string | null, id: string): string {
  const hash = createHash("sha256")
    .update((email ?? id).trim().toLowerCase())
    .digest("hex");
  return `https://www.gravatar.com/avatar/${hash}?d=404`;
}

export function serializeCustomer(row: CustomerRow): CustomerOut {
  return {
    id: row.id,
    created_at: toIso(row.created_at),
    modified_at: toIso(row.modified_at),
    metadata: decodeMetadata(row.metadata),
    external_id: row.external_id,
    email: row.email,
    email_verified: toBool(row.email_verified),
    type: row.type === "team" ? "team" : "individual",
    name: row.name,
    billing_name: row.billing_name,
    billing_address: decodeAddress(row.billing_address),
    tax_id: row.tax_id && row.tax_id_format ? [row.tax_id, row.tax_id_format] : null,
    locale: row.locale,
    organization_id: row.organization_id,
    default_payment_method_id: null,
    deleted_at: toIso(row.deleted_at),
    first_user_event_at: null,
    avatar_url: avatarUrl(row.email, row.id),
  };
}
