import { Alert, Box, Container, Grid, Group, Stack, Text, Title } from "@mantine/core";
import { useLocation } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { AnchorLink, NavLinkLink } from "../../components/links";
import { authClient } from "../../lib/auth-client";
import { useOrganizationList } from "../organizations/organization.queries";
import { SignedInOnly } from "../organizations/SignedInOnly";
import { ReadOnlyNotice, useCanManageBilling } from "./billing-access";
import { DASHBOARD_SECTIONS } from "./dashboard-sections";

interface DashboardLayoutProps {
  title: string;
  /** Buttons for the page as a whole (e.g. "Create token"), shown beside the title to those who may manage billing. */
  actions?: ReactNode;
  children: ReactNode;
}

const isCurrent = (pathname: string, to: string) => pathname === to || pathname.startsWith(`${to}/`);

/**
 * The frame of every merchant dashboard page: sections on the side, the active organization and
 * the page title on top. Every /v1 call the dashboard makes acts for the session's active
 * organization, so without one the page content would only show errors: ask for one instead.
 */
export function DashboardLayout({ title, actions, children }: DashboardLayoutProps) {
  return (
    <SignedInOnly label="Loading the dashboard">
      {() => (
        <DashboardFrame title={title} actions={actions}>
          {children}
        </DashboardFrame>
      )}
    </SignedInOnly>
  );
}

function DashboardFrame({ title, actions, children }: DashboardLayoutProps) {
  const { data: session } = authClient.useSession();
  const pathname = useLocation({ select: (location) => location.pathname });
  const organizations = useOrganizationList();
  const activeId = session?.session.activeOrganizationId ?? null;
  const active = organizations.data?.find((organization) => organization.id === activeId);
  const canManage = useCanManageBilling();

  return (
    <Container size="xl" py="md">
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, sm: 3 }}>
          <Box component="nav" aria-label="Dashboard">
            <NavLinkLink
              to="/dashboard"
              label="Overview"
              activeOptions={{ exact: true }}
              active={pathname === "/dashboard" || pathname === "/dashboard/"}
              aria-current={pathname === "/dashboard" ? "page" : undefined}
            />
            {DASHBOARD_SECTIONS.map((section) => (
              <NavLinkLink
                key={section.to}
                to={section.to}
                label={section.label}
                active={isCurrent(pathname, section.to)}
                aria-current={isCurrent(pathname, section.to) ? "page" : undefined}
              />
            ))}
            <NavLinkLink to="/api-reference" label="API reference" active={pathname === "/api-reference"} />
          </Box>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 9 }}>
          <Stack gap="md">
            <Group justify="space-between" wrap="wrap">
              <div>
                <Text size="sm" c="dimmed" data-testid="dashboard-organization">
                  {active ? active.name : activeId ? "" : "No active organization"}
                </Text>
                <Title order={1} size="h2">
                  {title}
                </Title>
              </div>
              {activeId && canManage && actions && <Group gap="sm">{actions}</Group>}
            </Group>
            {activeId ? (
              <>
                <ReadOnlyNotice />
                {children}
              </>
            ) : (
              <Alert color="blue" title="Choose an organization first">
                The dashboard shows the billing of your active organization.{" "}
                <AnchorLink to="/organizations">Choose or create an organization</AnchorLink>, then come back here.
              </Alert>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
