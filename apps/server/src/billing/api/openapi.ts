import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { Deps } from "../../deps.ts";
import type { Principal } from "./principal.ts";
import type { Tenant } from "./tenant.ts";
import { validationHook } from "./validation.ts";

export { createRoute, z };

export interface V1Env {
  Variables: {
    requestId: string;
    deps: Deps;
    principal?: Principal;
    tenant?: Tenant;
    /** The portal customer `requireCustomerSession()` resolved from a `polar_cst_` token. */
    customerSession?: { organizationId: string; customerId: string };
  };
}

/** A router for one billing domain: its validation failures answer Polar's 422. */
export function v1Router(): OpenAPIHono<V1Env> {
  return new OpenAPIHono<V1Env>({ defaultHook: validationHook });
}

/** A required JSON body: anything else is refused (415), a bad one answers 422. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  content: { "application/json": { schema } },
  required: true as const,
});

export const jsonResponse = <T extends z.ZodType>(schema: T, description: string) => ({
  content: { "application/json": { schema } },
  description,
});

export const noContent = (description = "Deleted.") => ({ description });

/** The `{id}` path parameter every item route has. */
export const IdParam = z.object({ id: z.string().openapi({ param: { name: "id", in: "path" } }) });
