import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { Deps } from "../../deps.ts";
import { encodeMetadata, whereMetadata } from "../api/metadata.ts";
import { type Page, paginate } from "../api/pagination.ts";
import { polarErrors } from "../api/polar-errors.ts";
import { applySorting } from "../api/sorting.ts";
import { containsInsensitive } from "../api/sql.ts";
import type { Tenant } from "../api/tenant.ts";
import { filesByIds } from "../files/files.repository.ts";
import { metersByIds } from "../meters/meters.repository.ts";
import { emitWebhookEvent } from "../webhooks/webhooks.emit.ts";
import {
  type BenefitRow,
  benefitsOf,
  deleteBenefit,
  findBenefit,
  insertBenefit,
  REDACTED_SECRET,
  serializeBenefit,
  updateBenefit,
} from "./benefits.repository.ts";
import type {
  BenefitCreateIn,
  BenefitOut,
  BenefitProperties,
  BenefitUpdateIn,
  DiscordCreatePropertiesIn,
  DownloadablesCreatePropertiesIn,
  LicenseKeysCreatePropertiesIn,
  ListBenefitsQueryIn,
} from "./benefits.schemas.ts";

type Services = Pick<Deps, "db" | "clock" | "ids" | "dialect">;

/** What a create or update body says about one type, tagged so the properties match their type. */
type TypedProperties = {
  [K in BenefitCreateIn["type"]]: { type: K; properties: Extract<BenefitCreateIn, { type: K }>["properties"] };
}[BenefitCreateIn["type"]];

const PROPERTIES_LOC = ["body", "properties"];

/**
 * The Discord server a guild token stands for. Polar's dashboard mints the token when the bot joins a
 * server (a JWT carrying `guild_id`); a bare server id or an explicit `guild_id` is accepted too.
 * The token is only read here, not trusted: granting (a later issue) asks Discord itself.
 */
function discordGuildId(properties: DiscordCreatePropertiesIn): string {
  if (properties.guild_id) return properties.guild_id;
  if (/^\d{5,25}$/.test(properties.guild_token)) return properties.guild_token;
  const payload = properties.guild_token.split(".")[1];
  if (payload) {
    try {
      const claims: unknown = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
      const id = claims && typeof claims === "object" ? (claims as { guild_id?: unknown }).guild_id : undefined;
      if (typeof id === "string" && id) return id;
    } catch {
      // fall through to the 422
    }
  }
  throw polarErrors.invalid([...PROPERTIES_LOC, "guild_token"], "Invalid guild token.");
}

/** Every file must be an uploaded downloadable of this organization. */
async function downloadableProperties(db: Kysely<DB>, organizationId: string, properties: DownloadablesCreatePropertiesIn) {
  const files = [...new Set(properties.files)];
  const found = await filesByIds(db, organizationId, files);
  const issues = properties.files.flatMap((id, index) => {
    const file = found.get(id);
    if (file && file.service === "downloadable" && file.is_uploaded) return [];
    return [
      {
        loc: [...PROPERTIES_LOC, "files", index],
        msg: `File ${id} does not exist or is not an uploaded downloadable.`,
        type: "value_error",
      },
    ];
  });
  if (issues.length > 0) throw polarErrors.validation(issues);
  // Only the benefit's own files can be archived; other keys would dangle.
  const archived = Object.fromEntries(Object.entries(properties.archived ?? {}).filter(([id]) => files.includes(id)));
  return { archived, files };
}

function licenseKeyProperties(properties: LicenseKeysCreatePropertiesIn) {
  return {
    prefix: properties.prefix ?? null,
    expires: properties.expires ?? null,
    activations: properties.activations ?? null,
    limit_usage: properties.limit_usage ?? null,
  };
}

/** The properties to store for a type, once the references they hold are checked. */
async function propertiesToStore(db: Kysely<DB>, organizationId: string, input: TypedProperties): Promise<BenefitProperties> {
  switch (input.type) {
    case "custom":
      return { note: input.properties.note ?? null };
    case "discord":
      return {
        guild_id: discordGuildId(input.properties),
        role_id: input.properties.role_id,
        kick_member: input.properties.kick_member,
        guild_token: input.properties.guild_token,
      };
    case "github_repository":
      return { ...input.properties };
    case "downloadables":
      return downloadableProperties(db, organizationId, input.properties);
    case "license_keys":
      return licenseKeyProperties(input.properties);
    case "meter_credit": {
      const meters = await metersByIds(db, organizationId, [input.properties.meter_id]);
      if (!meters.has(input.properties.meter_id)) throw polarErrors.invalid([...PROPERTIES_LOC, "meter_id"], "Meter does not exist.");
      return { units: input.properties.units, rollover: input.properties.rollover, meter_id: input.properties.meter_id };
    }
  }
}

/** Reads the benefit as the API answers it and records its event, both in the change's transaction. */
async function benefitChanged(
  trx: Kysely<DB>,
  deps: Services,
  organizationId: string,
  id: string,
  type: "benefit.created" | "benefit.updated",
): Promise<BenefitOut> {
  const row = await findBenefit(trx, organizationId, id);
  if (!row) throw polarErrors.notFound("Benefit not found.");
  const benefit = serializeBenefit(row);
  await emitWebhookEvent(trx, deps, { organizationId, type, data: benefit });
  return benefit;
}

export async function createBenefit(deps: Services, tenant: Tenant, input: BenefitCreateIn): Promise<BenefitOut> {
  const properties = await propertiesToStore(deps.db, tenant.organizationId, input as TypedProperties);
  const row = {
    id: deps.ids.uuid(),
    organization_id: tenant.organizationId,
    type: input.type,
    description: input.description,
    visibility: input.visibility ?? "public",
    selectable: true,
    deletable: true,
    properties: JSON.stringify(properties),
    metadata: encodeMetadata(input.metadata),
    created_at: deps.clock.now().toISOString(),
    modified_at: null,
  };
  return deps.db.transaction().execute(async (trx) => {
    await insertBenefit(trx, row);
    return benefitChanged(trx, deps, tenant.organizationId, row.id, "benefit.created");
  });
}

export async function getBenefit(deps: Services, tenant: Tenant, id: string): Promise<BenefitOut> {
  const row = await findBenefit(deps.db, tenant.organizationId, id);
  if (!row) throw polarErrors.notFound("Benefit not found.");
  return serializeBenefit(row);
}

export function listBenefits(
  deps: Services,
  tenant: Tenant,
  query: ListBenefitsQueryIn,
  metadata: Map<string, string[]>,
): Promise<Page<BenefitOut>> {
  let qb = benefitsOf(deps.db, tenant.organizationId);
  const types = [...(query.type_filter ?? []), ...(query.type ?? [])];
  if (types.length > 0) qb = qb.where("type", "in", types);
  if (query.id?.length) qb = qb.where("id", "in", query.id);
  if (query.exclude_id?.length) qb = qb.where("id", "not in", query.exclude_id);
  if (query.query) qb = qb.where(containsInsensitive("description", query.query));
  qb = whereMetadata(qb, "metadata", metadata, deps.dialect);
  // Polar's user_order is the dashboard's manual order; we keep none, so creation order stands in.
  const sorted = applySorting(qb, query.sorting, {
    created_at: "created_at",
    description: "description",
    type: "type",
    user_order: "created_at",
  });
  return paginate(sorted, query, serializeBenefit);
}

/** An update that sends back the redacted guild token means "keep the token you have". */
function keepStoredGuildToken(existing: BenefitRow, input: BenefitUpdateIn): BenefitUpdateIn {
  if (input.type !== "discord" || input.properties?.guild_token !== REDACTED_SECRET) return input;
  const stored = JSON.parse(existing.properties) as { guild_token: string; guild_id: string };
  return { ...input, properties: { guild_id: stored.guild_id, ...input.properties, guild_token: stored.guild_token } };
}

export async function updateBenefitById(deps: Services, tenant: Tenant, id: string, input: BenefitUpdateIn): Promise<BenefitOut> {
  const existing = await findBenefit(deps.db, tenant.organizationId, id);
  if (!existing) throw polarErrors.notFound("Benefit not found.");
  if (existing.type !== input.type) {
    throw polarErrors.invalid(["body", "type"], `The benefit is of type ${existing.type}; its type cannot change.`, "literal_error");
  }
  const given = keepStoredGuildToken(existing, input);
  const properties = given.properties ? await propertiesToStore(deps.db, tenant.organizationId, given as TypedProperties) : undefined;
  const changes = {
    ...(input.description ? { description: input.description } : {}),
    ...(input.visibility ? { visibility: input.visibility } : {}),
    ...(input.metadata ? { metadata: encodeMetadata(input.metadata) } : {}),
    ...(properties ? { properties: JSON.stringify(properties) } : {}),
    modified_at: deps.clock.now().toISOString(),
  };
  return deps.db.transaction().execute(async (trx) => {
    await updateBenefit(trx, tenant.organizationId, id, changes);
    return benefitChanged(trx, deps, tenant.organizationId, id, "benefit.updated");
  });
}

export async function deleteBenefitById(deps: Services, tenant: Tenant, id: string): Promise<void> {
  const existing = await findBenefit(deps.db, tenant.organizationId, id);
  if (!existing) throw polarErrors.notFound("Benefit not found.");
  if (!existing.deletable) throw polarErrors.notPermitted("This benefit cannot be deleted.");
  // Polar has no benefit.deleted: it soft-deletes and sends benefit.updated with is_deleted, which
  // is how a receiver learns to stop offering the benefit. The row goes, so the event carries its last state.
  const organizationId = tenant.organizationId;
  const now = deps.clock.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    // A concurrent delete got there first: it sent the event.
    if (!(await deleteBenefit(trx, organizationId, id))) throw polarErrors.notFound("Benefit not found.");
    const data = { ...serializeBenefit({ ...existing, modified_at: now }), is_deleted: true };
    await emitWebhookEvent(trx, deps, { organizationId, type: "benefit.updated", data });
  });
}

/** Grants arrive with a later issue: the benefit must exist, and it has none yet. */
export async function listBenefitGrants(deps: Services, tenant: Tenant, id: string) {
  await getBenefit(deps, tenant, id);
  return { items: [], pagination: { total_count: 0, max_page: 0 } };
}
