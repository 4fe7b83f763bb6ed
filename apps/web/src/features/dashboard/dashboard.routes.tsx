import { createRoute } from "@tanstack/react-router";
import { rootRoute } from "../../root-route";
import { AccessTokensPage } from "./AccessTokensPage";
import { ApiReferencePage } from "./ApiReferencePage";
import { BillingSettingsPage } from "./BillingSettingsPage";
import { CheckoutLinksPage } from "./CheckoutLinksPage";
import { CustomerDetailPage } from "./CustomerDetailPage";
import { CustomersPage } from "./CustomersPage";
import { DashboardOverviewPage } from "./DashboardOverviewPage";
import { DiscountsPage } from "./DiscountsPage";

// Dashboard screens owned by this folder: overview, customers, discounts, checkout links, access
// tokens, billing settings, and the API reference page. Each page wraps itself in DashboardLayout
// (so the catalog's pages, routed elsewhere, share the same frame).

const customerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/dashboard/customers/$id",
  component: function CustomerRouteComponent() {
    const { id } = customerRoute.useParams();
    // Keyed so that moving between customers resets the form.
    return <CustomerDetailPage key={id} id={id} />;
  },
});

export const dashboardRoutes = [
  createRoute({ getParentRoute: () => rootRoute, path: "/dashboard", component: DashboardOverviewPage }),
  createRoute({ getParentRoute: () => rootRoute, path: "/dashboard/access-tokens", component: AccessTokensPage }),
  createRoute({ getParentRoute: () => rootRoute, path: "/dashboard/customers", component: CustomersPage }),
  customerRoute,
  createRoute({ getParentRoute: () => rootRoute, path: "/dashboard/discounts", component: DiscountsPage }),
  createRoute({ getParentRoute: () => rootRoute, path: "/dashboard/checkout-links", component: CheckoutLinksPage }),
  createRoute({ getParentRoute: () => rootRoute, path: "/dashboard/settings", component: BillingSettingsPage }),
  createRoute({ getParentRoute: () => rootRoute, path: "/api-reference", component: ApiReferencePage }),
];
