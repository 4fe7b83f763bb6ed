import type { AnyRoute } from "@tanstack/react-router";
import { dashboardDetailPage, dashboardPage } from "../dashboard/dashboard-route";
import { BenefitsPage } from "./benefits/BenefitsPage";
import { CustomFieldsPage } from "./custom-fields/CustomFieldsPage";
import { FilesPage } from "./files/FilesPage";
import { MeterDetailPage } from "./meters/MeterDetailPage";
import { MetersPage } from "./meters/MetersPage";
import { ProductEditorPage } from "./products/ProductEditorPage";
import { ProductsPage } from "./products/ProductsPage";

// Catalog screens of the merchant dashboard: products and prices, benefits, custom fields, meters, files.
// Each page wraps itself in DashboardLayout; every call acts for the session's active organization.
// `/dashboard/products/new` is the product editor's create mode.

export const catalogRoutes: AnyRoute[] = [
  dashboardPage("/dashboard/products", ProductsPage),
  dashboardDetailPage("/dashboard/products/$id", ProductEditorPage),
  dashboardPage("/dashboard/benefits", BenefitsPage),
  dashboardPage("/dashboard/custom-fields", CustomFieldsPage),
  dashboardPage("/dashboard/meters", MetersPage),
  dashboardDetailPage("/dashboard/meters/$id", MeterDetailPage),
  dashboardPage("/dashboard/files", FilesPage),
];
