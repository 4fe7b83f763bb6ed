import { Polar } from "@polar-sh/sdk";
import { createPolar } from "polar-sdk-1/2026-04";
import { AVAILABLE_SCOPES, type Scope } from "../../src/billing/api/scopes.ts";
import type { BrowserClient } from "./auth-client.ts";
import { organizationWithOwner } from "./organizations.ts";
import { type TestServer, useTestServer } from "./test-server.ts";

export interface ApiAnswer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever the API answered.
  body: any;
  headers: Headers;
}

/**
 * JSON calls to /v1 over `send`, answering status, parsed body and headers. `send` adds whatever
 * identifies the caller (a bearer token, a browser's cookies).
 */
function jsonRequests(send: (path: string, init: RequestInit & { headers: Record<string, string> }) => Promise<Response>) {
  const request = async (method: string, path: string, body?: unknown): Promise<ApiAnswer> => {
    const response = await send(path, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
  };
  return {
    request,
    get: (path: string) => request("GET", path),
    post: (path: string, body: unknown = {}) => request("POST", path, body),
    patch: (path: string, body: unknown = {}) => request("PATCH", path, body),
    delete: (path: string) => request("DELETE", path),
  };
}

/** Raw /v1 calls with a bearer token (or none). */
export function apiClient(baseUrl: string, token?: string, extraHeaders: Record<string, string> = {}) {
  return jsonRequests((path, init) =>
    fetch(new URL(path, baseUrl), {
      ...init,
      headers: { ...extraHeaders, ...(token ? { authorization: `Bearer ${token}` } : {}), ...init.headers },
    }),
  );
}

/** The dashboard's way in: /v1 with the browser's session cookie (and its Origin). */
export const dashboardApi = (browser: BrowserClient) => jsonRequests(browser.fetch);

/**
 * The official SDKs pointed at the test server. 0.47 validates every answer and returns camelCase
 * objects; 1.x (API version 2026-04) validates nothing, returns the wire's snake_case JSON, takes
 * positional arguments (`get(id)`, `update(id, body)`, `list(query)`) and sends a Polar-Version header.
 */
export const sdk047 = (server: TestServer, token: string) => new Polar({ accessToken: token, serverURL: server.url });
export const sdk1 = (server: TestServer, token: string) => createPolar({ accessToken: token, baseUrl: server.url });

/**
 * A merchant: a signed-in owner, their organization (active), and an access token with every scope,
 * created through the dashboard's way in, with clients for it.
 */
export async function newMerchant(server: TestServer, name = "Acme") {
  const { owner, organization } = await organizationWithOwner(server, name);
  const dashboard = dashboardApi(owner.client);
  const tokenWithScopes = async (scopes: readonly Scope[], comment = "test token"): Promise<string> => {
    const created = await dashboard.post("/v1/organization-access-tokens/", { comment, scopes });
    if (created.status !== 201) throw new Error(`token create failed: ${created.status} ${JSON.stringify(created.body)}`);
    return created.body.token as string;
  };
  const token = await tokenWithScopes(AVAILABLE_SCOPES, "all scopes");
  return {
    organizationId: organization.id,
    organization,
    owner,
    dashboard,
    token,
    tokenWithScopes,
    sdk: sdk047(server, token),
    sdk1: sdk1(server, token),
    api: apiClient(server.url, token),
  };
}

export type Merchant = Awaited<ReturnType<typeof newMerchant>>;

/** One server for the file, and merchants made on demand (each test makes its own). */
export function useBillingServer(env: Record<string, string> = {}) {
  const server = useTestServer(env);
  return { server, merchant: (name?: string) => newMerchant(server, name) };
}
