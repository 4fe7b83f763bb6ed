import { AccessTokensPage } from "./AccessTokensPage";
import { ApiReferencePage } from "./ApiReferencePage";
import { BillingSettingsPage } from "./BillingSettingsPage";
import { CheckoutLinksPage } from "./CheckoutLinksPage";
import { CustomerDetailPage } from "./CustomerDetailPage";
import { CustomersPage } from "./CustomersPage";
import { DashboardOverviewPage } from "./DashboardOverviewPage";
import { DiscountsPage } from "./DiscountsPage";
import { dashboardDetailPage, dashboardPage } from "./dashboard-route";

// Dashboard screens owned by this folder: overview, customers, discounts, checkout links, access
// tokens, billing settings, and the API reference page. Each page wraps itself in DashboardLayout
// (so the catalog's pages, routed elsewhere, share the same frame).

export const dashboardRoutes = [
  dashboardPage("/dashboard", DashboardOverviewPage),
  dashboardPage("/dashboard/access-tokens", AccessTokensPage),
  dashboardPage("/dashboard/customers", CustomersPage),
  dashboardDetailPage("/dashboard/customers/$id", CustomerDetailPage),
  dashboardPage("/dashboard/discounts", DiscountsPage),
  dashboardPage("/dashboard/checkout-links", CheckoutLinksPage),
  dashboardPage("/dashboard/settings", BillingSettingsPage),
  dashboardPage("/api-reference", ApiReferencePage),
];
