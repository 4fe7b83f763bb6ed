import { type AnyRoute, createRoute } from "@tanstack/react-router";
import { rootRoute } from "../../root-route";
import { BenefitsPage } from "./benefits/BenefitsPage";
import { CustomFieldsPage } from "./custom-fields/CustomFieldsPage";
import { FilesPage } from "./files/FilesPage";
import { MetersPage } from "./meters/MetersPage";
import { ProductEditorPage } from "./products/ProductEditorPage";
import { ProductsPage } from "./products/ProductsPage";

// Catalog screens of the merchant dashboard: products and prices, benefits, custom fields, meters, files.
// Each page wraps itself in DashboardLayout; every call acts for the session's active organization.

const productsRoute = createRoute({ getParentRoute: () => rootRoute, path: "/dashboard/products", component: ProductsPage });

const productRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/dashboard/products/$id",
  component: function ProductRouteComponent() {
    const { id } = productRoute.useParams();
    // Keyed so that moving from "new" to the created product starts a fresh form.
    return <ProductEditorPage key={id} id={id} />;
  },
});

const benefitsRoute = createRoute({ getParentRoute: () => rootRoute, path: "/dashboard/benefits", component: BenefitsPage });
const customFieldsRoute = createRoute({ getParentRoute: () => rootRoute, path: "/dashboard/custom-fields", component: CustomFieldsPage });
const metersRoute = createRoute({ getParentRoute: () => rootRoute, path: "/dashboard/meters", component: MetersPage });
const filesRoute = createRoute({ getParentRoute: () => rootRoute, path: "/dashboard/files", component: FilesPage });

export const catalogRoutes: AnyRoute[] = [productsRoute, productRoute, benefitsRoute, customFieldsRoute, metersRoute, filesRoute];
