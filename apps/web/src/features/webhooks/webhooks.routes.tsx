import type { AnyRoute } from "@tanstack/react-router";
import { dashboardDetailPage, dashboardPage } from "../dashboard/dashboard-route";
import { WebhookEndpointPage } from "./WebhookEndpointPage";
import { WebhooksPage } from "./WebhooksPage";

// Webhook screens of the merchant dashboard: the endpoints, and one endpoint with its deliveries.
// Each page wraps itself in DashboardLayout; every call acts for the session's active organization.

export const webhookRoutes: AnyRoute[] = [
  dashboardPage("/dashboard/webhooks", WebhooksPage),
  dashboardDetailPage("/dashboard/webhooks/$id", WebhookEndpointPage),
];
