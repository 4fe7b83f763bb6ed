import { z } from "../api/openapi.ts";
import { listQuery, listResponse } from "../api/pagination.ts";
import { oneOrMany } from "../api/query.ts";
import { AVAILABLE_SCOPES } from "../api/scopes.ts";
import { sortingParam } from "../api/sorting.ts";

const ScopeSchema = z.enum(AVAILABLE_SCOPES).openapi("AvailableScope");

export const OrganizationAccessToken = z
  .object({
    created_at: z.string().openapi({ format: "date-time" }),
    modified_at: z.string().nullable().openapi({ format: "date-time" }),
    id: z.string().openapi({ format: "uuid" }),
    scopes: z.array(ScopeSchema),
    expires_at: z.string().nullable().openapi({ format: "date-time" }),
    comment: z.string(),
    last_used_at: z.string().nullable().openapi({ format: "date-time" }),
    organization_id: z.string(),
  })
  .openapi("OrganizationAccessToken");

export const OrganizationAccessTokenCreate = z
  .object({
    organization_id: z.string().nullish(),
    comment: z.string().min(1).max(255),
    expires_in: z.string().nullish().openapi({ description: "ISO 8601 duration (P30D) or seconds; null for a token that never expires." }),
    scopes: z.array(ScopeSchema).min(1),
  })
  .openapi("OrganizationAccessTokenCreate");

export const OrganizationAccessTokenUpdate = z
  .object({
    comment: z.string().min(1).max(255).nullish(),
    scopes: z.array(ScopeSchema).min(1).nullish(),
  })
  .openapi("OrganizationAccessTokenUpdate");

export const OrganizationAccessTokenCreateResponse = z
  .object({ organization_access_token: OrganizationAccessToken, token: z.string() })
  .openapi("OrganizationAccessTokenCreateResponse");

export const ListOrganizationAccessTokens = listResponse(OrganizationAccessToken, "ListResource_OrganizationAccessToken_");

export const TOKEN_SORT_KEYS = ["created_at", "comment", "last_used_at", "organization_id"] as const;

export const ListOrganizationAccessTokensQuery = z.object({
  organization_id: oneOrMany(z.string()).optional(),
  ...listQuery,
  sorting: sortingParam(TOKEN_SORT_KEYS, "-created_at"),
});

export type OrganizationAccessTokenOut = z.infer<typeof OrganizationAccessToken>;
