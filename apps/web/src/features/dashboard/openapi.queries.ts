import { useQuery } from "@tanstack/react-query";
import { billingApi } from "../../lib/billing-api";

// The server's own description of /v1 (GET /v1/openapi.json): the API reference renders it, and
// the token dialog takes its scope list from it, so neither repeats what the server knows.

export interface SchemaObject {
  $ref?: string;
  type?: string | string[];
  format?: string;
  description?: string;
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  properties?: Record<string, SchemaObject>;
  required?: string[];
  items?: SchemaObject;
  additionalProperties?: boolean | SchemaObject;
  anyOf?: SchemaObject[];
  oneOf?: SchemaObject[];
  allOf?: SchemaObject[];
  prefixItems?: SchemaObject[];
  default?: unknown;
}

export interface ParameterObject {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: SchemaObject;
}

export interface OperationObject {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: ParameterObject[];
  requestBody?: { content?: Record<string, { schema?: SchemaObject }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: SchemaObject }> }>;
}

export interface OpenApiDocument {
  info?: { title?: string; version?: string; description?: string };
  paths?: Record<string, Record<string, OperationObject>>;
  components?: { schemas?: Record<string, SchemaObject> };
}

export function useOpenApiDocument() {
  return useQuery({
    queryKey: ["billing", "openapi"],
    queryFn: () => billingApi<OpenApiDocument>("/v1/openapi.json"),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The scopes an access token may carry, as the server's AvailableScope schema lists them. */
export function useAvailableScopes() {
  const document = useOpenApiDocument();
  const scopes = (document.data?.components?.schemas?.AvailableScope?.enum ?? []).filter(
    (scope): scope is string => typeof scope === "string",
  );
  return { query: document, scopes };
}
