import { metadataInput, metadataOutput } from "../api/metadata.ts";
import { z } from "../api/openapi.ts";
import { listQuery, listResponse } from "../api/pagination.ts";
import { oneOrMany, queryBoolean } from "../api/query.ts";
import { sortingParam } from "../api/sorting.ts";

/** The benefit types we serve (SDK 0.47 also knows `feature_flag`, which SPEC.md does not list). */
export const BENEFIT_TYPES = ["custom", "discord", "github_repository", "downloadables", "license_keys", "meter_credit"] as const;
export type BenefitType = (typeof BENEFIT_TYPES)[number];
const BenefitTypeSchema = z.enum(BENEFIT_TYPES).openapi("BenefitType");

export const BenefitVisibility = z.enum(["draft", "private", "public"]).openapi("BenefitVisibility");

const int32 = z.number().int().min(-2147483648).max(2147483647);
const positiveInt32 = int32.positive();
const description = z.string().trim().min(3).max(42);
const GithubPermission = z.enum(["pull", "triage", "push", "maintain", "admin"]);

// ---- properties as stored and answered (every key present) ----

export const BenefitCustomProperties = z.object({ note: z.string().nullable() }).openapi("BenefitCustomProperties");
export const BenefitDiscordProperties = z
  .object({ guild_id: z.string(), role_id: z.string(), kick_member: z.boolean(), guild_token: z.string() })
  .openapi("BenefitDiscordProperties");
export const BenefitGitHubRepositoryProperties = z
  .object({ repository_owner: z.string(), repository_name: z.string(), permission: GithubPermission })
  .openapi("BenefitGitHubRepositoryProperties");
export const BenefitDownloadablesProperties = z
  .object({ archived: z.record(z.string(), z.boolean()), files: z.array(z.string()) })
  .openapi("BenefitDownloadablesProperties");
const LicenseKeyExpiration = z
  .object({ ttl: positiveInt32, timeframe: z.enum(["year", "month", "day"]) })
  .openapi("BenefitLicenseKeyExpirationProperties");
const LicenseKeyActivation = z
  .object({ limit: z.number().int().min(1).max(50), enable_customer_admin: z.boolean() })
  .openapi("BenefitLicenseKeyActivationProperties");
export const BenefitLicenseKeysProperties = z
  .object({
    prefix: z.string().nullable(),
    expires: LicenseKeyExpiration.nullable(),
    activations: LicenseKeyActivation.nullable(),
    limit_usage: z.number().int().nullable(),
  })
  .openapi("BenefitLicenseKeysProperties");
export const BenefitMeterCreditProperties = z
  .object({ units: z.number().int(), rollover: z.boolean(), meter_id: z.string() })
  .openapi("BenefitMeterCreditProperties");

// ---- properties as clients send them ----

const CustomCreateProperties = z.object({ note: z.string().nullish() }).openapi("BenefitCustomCreateProperties");
const DiscordCreateProperties = z
  .object({
    guild_token: z.string().min(1),
    role_id: z.string().min(1),
    kick_member: z.boolean(),
    guild_id: z.string().min(1).nullish().openapi({ description: "Gatehouse extension: the server id, when the token does not carry it." }),
  })
  .openapi("BenefitDiscordCreateProperties");
const GitHubCreateProperties = z
  .object({
    repository_owner: z.string().trim().min(1).max(100),
    repository_name: z.string().trim().min(1).max(100),
    permission: GithubPermission,
  })
  .openapi("BenefitGitHubRepositoryCreateProperties");
const DownloadablesCreateProperties = z
  .object({ archived: z.record(z.string(), z.boolean()).nullish(), files: z.array(z.string()).min(1) })
  .openapi("BenefitDownloadablesCreateProperties");
const LicenseKeysCreateProperties = z
  .object({
    prefix: z.string().max(32).nullish(),
    expires: LicenseKeyExpiration.nullish(),
    activations: LicenseKeyActivation.nullish(),
    limit_usage: positiveInt32.nullish(),
  })
  .openapi("BenefitLicenseKeysCreateProperties");
const MeterCreditCreateProperties = z
  .object({ units: positiveInt32, rollover: z.boolean(), meter_id: z.string().min(1) })
  .openapi("BenefitMeterCreditCreateProperties");

export type DiscordCreatePropertiesIn = z.infer<typeof DiscordCreateProperties>;
export type DownloadablesCreatePropertiesIn = z.infer<typeof DownloadablesCreateProperties>;
export type LicenseKeysCreatePropertiesIn = z.infer<typeof LicenseKeysCreateProperties>;

// ---- the benefit as answered ----

const benefitBase = {
  id: z.string().openapi({ format: "uuid" }),
  created_at: z.string().openapi({ format: "date-time" }),
  modified_at: z.string().nullable().openapi({ format: "date-time" }),
  description: z.string(),
  selectable: z.boolean(),
  deletable: z.boolean(),
  is_deleted: z.boolean(),
  organization_id: z.string(),
  metadata: metadataOutput,
  visibility: BenefitVisibility,
  visibility_configurable: z.boolean(),
};

export const BenefitCustom = z
  .object({ ...benefitBase, type: z.literal("custom"), properties: BenefitCustomProperties })
  .openapi("BenefitCustom");
export const BenefitDiscord = z
  .object({ ...benefitBase, type: z.literal("discord"), properties: BenefitDiscordProperties })
  .openapi("BenefitDiscord");
export const BenefitGitHubRepository = z
  .object({ ...benefitBase, type: z.literal("github_repository"), properties: BenefitGitHubRepositoryProperties })
  .openapi("BenefitGitHubRepository");
export const BenefitDownloadables = z
  .object({ ...benefitBase, type: z.literal("downloadables"), properties: BenefitDownloadablesProperties })
  .openapi("BenefitDownloadables");
export const BenefitLicenseKeys = z
  .object({ ...benefitBase, type: z.literal("license_keys"), properties: BenefitLicenseKeysProperties })
  .openapi("BenefitLicenseKeys");
export const BenefitMeterCredit = z
  .object({ ...benefitBase, type: z.literal("meter_credit"), properties: BenefitMeterCreditProperties })
  .openapi("BenefitMeterCredit");

export const Benefit = z
  .discriminatedUnion("type", [
    BenefitCustom,
    BenefitDiscord,
    BenefitGitHubRepository,
    BenefitDownloadables,
    BenefitLicenseKeys,
    BenefitMeterCredit,
  ])
  .openapi("Benefit");
export type BenefitOut = z.infer<typeof Benefit>;
export type BenefitProperties = BenefitOut["properties"];

// ---- create and update bodies ----

const createBase = {
  description,
  metadata: metadataInput.optional(),
  organization_id: z.string().nullish(),
  visibility: BenefitVisibility.nullish(),
};

export const BenefitCreate = z
  .discriminatedUnion("type", [
    z.object({ ...createBase, type: z.literal("custom"), properties: CustomCreateProperties }).openapi("BenefitCustomCreate"),
    z.object({ ...createBase, type: z.literal("discord"), properties: DiscordCreateProperties }).openapi("BenefitDiscordCreate"),
    z
      .object({ ...createBase, type: z.literal("github_repository"), properties: GitHubCreateProperties })
      .openapi("BenefitGitHubRepositoryCreate"),
    z
      .object({ ...createBase, type: z.literal("downloadables"), properties: DownloadablesCreateProperties })
      .openapi("BenefitDownloadablesCreate"),
    z
      .object({ ...createBase, type: z.literal("license_keys"), properties: LicenseKeysCreateProperties })
      .openapi("BenefitLicenseKeysCreate"),
    z
      .object({ ...createBase, type: z.literal("meter_credit"), properties: MeterCreditCreateProperties })
      .openapi("BenefitMeterCreditCreate"),
  ])
  .openapi("BenefitCreate");
export type BenefitCreateIn = z.infer<typeof BenefitCreate>;

const updateBase = {
  description: description.nullish(),
  metadata: metadataInput.optional(),
  visibility: BenefitVisibility.nullish(),
};

export const BenefitUpdate = z
  .discriminatedUnion("type", [
    z.object({ ...updateBase, type: z.literal("custom"), properties: CustomCreateProperties.nullish() }).openapi("BenefitCustomUpdate"),
    z.object({ ...updateBase, type: z.literal("discord"), properties: DiscordCreateProperties.nullish() }).openapi("BenefitDiscordUpdate"),
    z
      .object({ ...updateBase, type: z.literal("github_repository"), properties: GitHubCreateProperties.nullish() })
      .openapi("BenefitGitHubRepositoryUpdate"),
    z
      .object({ ...updateBase, type: z.literal("downloadables"), properties: DownloadablesCreateProperties.nullish() })
      .openapi("BenefitDownloadablesUpdate"),
    z
      .object({ ...updateBase, type: z.literal("license_keys"), properties: LicenseKeysCreateProperties.nullish() })
      .openapi("BenefitLicenseKeysUpdate"),
    z
      .object({ ...updateBase, type: z.literal("meter_credit"), properties: MeterCreditCreateProperties.nullish() })
      .openapi("BenefitMeterCreditUpdate"),
  ])
  .openapi("BenefitUpdate");
export type BenefitUpdateIn = z.infer<typeof BenefitUpdate>;

// ---- lists ----

export const ListBenefits = listResponse(Benefit, "ListResource_Benefit_");

export const BENEFIT_SORT_KEYS = ["created_at", "description", "type", "user_order"] as const;

const typeFilter = oneOrMany(BenefitTypeSchema).optional();

export const ListBenefitsQuery = z.object({
  organization_id: oneOrMany(z.string()).optional(),
  /** SDK 0.47 sends `type_filter`; the 2026-04 API calls it `type`. */
  type_filter: typeFilter,
  type: typeFilter,
  id: oneOrMany(z.string()).optional(),
  exclude_id: oneOrMany(z.string()).optional(),
  query: z.string().optional(),
  ...listQuery,
  sorting: sortingParam(BENEFIT_SORT_KEYS, "-created_at"),
});
export type ListBenefitsQueryIn = z.infer<typeof ListBenefitsQuery>;

/** Grants arrive with a later issue; the list already has its final shape. */
const BenefitGrantItem = z.looseObject({ id: z.string(), benefit_id: z.string(), customer_id: z.string() });
export const ListBenefitGrants = listResponse(BenefitGrantItem, "ListResource_BenefitGrant_");

export const ListBenefitGrantsQuery = z.object({
  is_granted: queryBoolean.optional(),
  customer_id: oneOrMany(z.string()).optional(),
  member_id: oneOrMany(z.string()).optional(),
  ...listQuery,
});
