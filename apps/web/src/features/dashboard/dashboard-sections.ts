/** The merchant dashboard's sections, in the order its navigation lists them. */
export const DASHBOARD_SECTIONS = [
  { to: "/dashboard/products", label: "Products" },
  { to: "/dashboard/benefits", label: "Benefits" },
  { to: "/dashboard/custom-fields", label: "Custom fields" },
  { to: "/dashboard/discounts", label: "Discounts" },
  { to: "/dashboard/checkout-links", label: "Checkout links" },
  { to: "/dashboard/customers", label: "Customers" },
  { to: "/dashboard/meters", label: "Meters" },
  { to: "/dashboard/files", label: "Files" },
  { to: "/dashboard/webhooks", label: "Webhooks" },
  { to: "/dashboard/access-tokens", label: "Access tokens" },
  { to: "/dashboard/settings", label: "Billing settings" },
] as const;

export type DashboardPath = (typeof DASHBOARD_SECTIONS)[number]["to"];
