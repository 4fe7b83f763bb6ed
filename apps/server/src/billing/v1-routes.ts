import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Deps } from "../deps.ts";
import { accessTokenRoutes } from "./access-tokens/access-tokens.routes.ts";
import type { V1Env } from "./api/openapi.ts";
import { benefitRoutes } from "./benefits/benefits.routes.ts";
import { checkoutLinkRoutes } from "./checkout-links/checkout-links.routes.ts";
import { customFieldRoutes } from "./custom-fields/custom-fields.routes.ts";
import { customerSessionRoutes } from "./customer-sessions/customer-sessions.routes.ts";
import { customerRoutes } from "./customers/customers.routes.ts";
import { discountRoutes } from "./discounts/discounts.routes.ts";
import { fileRoutes } from "./files/files.routes.ts";
import { meterRoutes } from "./meters/meters.routes.ts";
import { organizationRoutes } from "./organizations/organizations.routes.ts";
import { productRoutes } from "./products/products.routes.ts";
import { webhookRoutes } from "./webhooks/webhooks.routes.ts";

/** Every billing domain's router, mounted under /v1 in this order. One line per domain. */
export const v1Domains: ((deps: Deps) => OpenAPIHono<V1Env>)[] = [
  accessTokenRoutes,
  fileRoutes,
  meterRoutes,
  benefitRoutes,
  customFieldRoutes,
  organizationRoutes,
  customerRoutes,
  customerSessionRoutes,
  productRoutes,
  discountRoutes,
  checkoutLinkRoutes,
  webhookRoutes,
];
