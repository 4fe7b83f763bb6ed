import { Alert, Avatar, Container, Group, Stack, Tabs, Text, Title } from "@mantine/core";
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { AnchorLink } from "../../components/links";
import { PageLoader } from "../../components/PageLoader";
import { type AuthSession, authClient } from "../../lib/auth-client";
import { hasRole } from "../../lib/roles";
import { OrganizationAuditLog } from "../audit";
import { InvitationsTab } from "./InvitationsTab";
import { MembersTab } from "./MembersTab";
import { type FullOrganization, useFullOrganization } from "./organization.queries";
import { useOrganizationPermissions } from "./permissions";
import { RoleBadges } from "./RoleBadges";
import { RolesTab } from "./RolesTab";
import { SettingsTab } from "./SettingsTab";
import { SignedInOnly } from "./SignedInOnly";
import { TeamsTab } from "./TeamsTab";

export const organizationTabs = ["settings", "members", "invitations", "teams", "roles", "audit"] as const;
export type OrganizationTab = (typeof organizationTabs)[number];

export function isOrganizationTab(value: unknown): value is OrganizationTab {
  return typeof value === "string" && (organizationTabs as readonly string[]).includes(value);
}

const tabLabels: Record<OrganizationTab, string> = {
  settings: "Settings",
  members: "Members",
  invitations: "Invitations",
  teams: "Teams",
  roles: "Roles",
  audit: "Audit log",
};

/** One organization, by slug; opening it makes it the session's active organization. */
export function OrganizationPage({ slug, tab = "settings" }: { slug: string; tab?: OrganizationTab | undefined }) {
  return (
    <SignedInOnly label="Loading the organization">
      {(session) => <LoadedOrganization session={session} slug={slug} tab={tab} />}
    </SignedInOnly>
  );
}

function LoadedOrganization({ session, slug, tab }: { session: AuthSession; slug: string; tab: OrganizationTab }) {
  const organization = useFullOrganization(slug);
  useActivateOnOpen(session, organization.data?.id);

  if (organization.isPending) return <PageLoader label="Loading the organization" />;
  if (organization.isError || !organization.data)
    return (
      <Container size="md" py="md">
        <Alert color="red" role="alert" title="Organization not available">
          {organization.error?.message ?? "Organization not found"}
        </Alert>
        <AnchorLink to="/organizations" mt="md" display="inline-block">
          Back to your organizations
        </AnchorLink>
      </Container>
    );
  return <OrganizationTabs session={session} organization={organization.data} tab={tab} />;
}

/** Sets the organization active once per visit, so the switcher and id-less API calls follow the page. */
function useActivateOnOpen(session: AuthSession, organizationId: string | undefined) {
  const { refetch: refetchSession } = authClient.useSession();
  const activated = useRef<string | null>(null);
  useEffect(() => {
    if (!organizationId || activated.current === organizationId) return;
    activated.current = organizationId;
    if (session.session.activeOrganizationId === organizationId) return;
    void authClient.organization.setActive({ organizationId }).then((result) => {
      if (!result.error) void refetchSession();
    });
  }, [organizationId, session.session.activeOrganizationId, refetchSession]);
}

function OrganizationTabs({ session, organization, tab }: { session: AuthSession; organization: FullOrganization; tab: OrganizationTab }) {
  const navigate = useNavigate();
  const me = organization.members.find((member) => member.userId === session.user.id);
  const permissions = useOrganizationPermissions(organization.id, me?.role);
  const context = { organization, me, permissions, session };
  // The server shows an organization's audit log to its owners only (docs/audit-log.md).
  const isOwner = hasRole(me?.role, "owner");
  const tabs = organizationTabs.filter((value) => value !== "audit" || isOwner);

  return (
    <Container size="lg" py="md">
      <Group gap="md" mb="md" wrap="nowrap">
        <Avatar src={organization.logo ?? null} name={organization.name} size="lg" radius="md" alt="" />
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Title order={1} size="h2" style={{ overflowWrap: "anywhere" }}>
            {organization.name}
          </Title>
          <Group gap="xs">
            <Text c="dimmed" size="sm">
              Your role:
            </Text>
            {me ? <RoleBadges role={me.role} /> : <Text size="sm">—</Text>}
          </Group>
        </Stack>
      </Group>
      <Tabs
        value={tab}
        // Inactive panels are unmounted so that labels like "Name" are unique on screen.
        keepMounted={false}
        onChange={(value) => {
          if (isOrganizationTab(value))
            void navigate({ to: "/organizations/$slug", params: { slug: organization.slug }, search: { tab: value }, replace: true });
        }}
      >
        <Tabs.List mb="md" aria-label="Organization">
          {tabs.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {tabLabels[value]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="settings">
          <SettingsTab {...context} />
        </Tabs.Panel>
        <Tabs.Panel value="members">
          <MembersTab {...context} />
        </Tabs.Panel>
        <Tabs.Panel value="invitations">
          <InvitationsTab {...context} />
        </Tabs.Panel>
        <Tabs.Panel value="teams">
          <TeamsTab {...context} />
        </Tabs.Panel>
        <Tabs.Panel value="roles">
          <RolesTab {...context} />
        </Tabs.Panel>
        {isOwner && (
          <Tabs.Panel value="audit">
            <OrganizationAuditLog organizationId={organization.id} />
          </Tabs.Panel>
        )}
      </Tabs>
    </Container>
  );
}
