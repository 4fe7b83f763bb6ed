import { Card, SimpleGrid, Text } from "@mantine/core";
import { AnchorLink } from "../../components/links";
import { DashboardLayout } from "./DashboardLayout";
import { DASHBOARD_SECTIONS } from "./dashboard-sections";

const DESCRIPTIONS: Record<string, string> = {
  "/dashboard/products": "What you sell, and its prices.",
  "/dashboard/benefits": "What customers get: license keys, downloads, credits…",
  "/dashboard/custom-fields": "Extra questions asked at checkout.",
  "/dashboard/discounts": "Codes and automatic reductions.",
  "/dashboard/checkout-links": "Shareable links that start a checkout.",
  "/dashboard/customers": "The people and companies who buy from you.",
  "/dashboard/meters": "Usage you bill for.",
  "/dashboard/files": "Downloadables and product media.",
  "/dashboard/access-tokens": "Tokens for your applications to call the API.",
  "/dashboard/settings": "Contact details and subscription rules.",
};

/** The dashboard's landing page: one card per section. */
export function DashboardOverviewPage() {
  return (
    <DashboardLayout title="Dashboard">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {DASHBOARD_SECTIONS.map((section) => (
          <Card key={section.to} withBorder padding="md">
            <AnchorLink to={section.to} fw={600}>
              {section.label}
            </AnchorLink>
            <Text size="sm" c="dimmed" mt={4}>
              {DESCRIPTIONS[section.to]}
            </Text>
          </Card>
        ))}
        <Card withBorder padding="md">
          <AnchorLink to="/api-reference" fw={600}>
            API reference
          </AnchorLink>
          <Text size="sm" c="dimmed" mt={4}>
            Every /v1 operation, its parameters and its answers.
          </Text>
        </Card>
      </SimpleGrid>
    </DashboardLayout>
  );
}
