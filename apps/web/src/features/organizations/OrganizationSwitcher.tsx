import { Avatar, Group, Menu, Text, UnstyledButton } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useLocation, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { authClient } from "../../lib/auth-client";
import { notifyError, notifySuccess } from "../../lib/notify";
import { CreateOrganizationModal } from "./CreateOrganizationModal";
import { type OrganizationSummary, useOrganizationList, useRefreshOrganizations } from "./organization.queries";

/**
 * The header's active-organization picker. The active organization is the session's
 * (`activeOrganizationId`), which organization-scoped calls without an explicit id act on.
 */
export function OrganizationSwitcher() {
  const { data: session } = authClient.useSession();
  const organizations = useOrganizationList();
  const refresh = useRefreshOrganizations();
  const navigate = useNavigate();
  const pathname = useLocation({ select: (location) => location.pathname });
  const [creating, { open: openCreate, close: closeCreate }] = useDisclosure(false);
  const [switching, setSwitching] = useState(false);

  const activeId = session?.session.activeOrganizationId ?? null;
  const active = organizations.data?.find((org) => org.id === activeId);
  const label = active ? `Active organization: ${active.name}` : "Active organization: none";

  const switchTo = async (organization: OrganizationSummary) => {
    if (organization.id === activeId) return;
    setSwitching(true);
    const result = await authClient.organization.setActive({ organizationId: organization.id });
    setSwitching(false);
    if (result.error) {
      notifyError(result.error, "Could not switch organization");
      return;
    }
    await refresh({ session: true });
    notifySuccess(`${organization.name} is now your active organization.`);
    // On another organization's pages, follow the switch there.
    if (pathname.startsWith("/organizations/")) await navigate({ to: "/organizations/$slug", params: { slug: organization.slug } });
  };

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <UnstyledButton aria-label={label} disabled={switching} style={{ borderRadius: "var(--mantine-radius-md)" }} p={4}>
            <Group gap="xs" wrap="nowrap">
              <Avatar src={active?.logo ?? null} name={active?.name ?? "?"} size="sm" radius="sm" alt="" />
              {/* On small screens only the avatar shows; the name is still in the label. */}
              <Text size="sm" fw={500} visibleFrom="sm" truncate maw={160}>
                {active?.name ?? "No organization"}
              </Text>
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Organizations</Menu.Label>
          {organizations.data?.length === 0 && <Menu.Item disabled>No organizations yet</Menu.Item>}
          {organizations.data?.map((organization) => (
            <Menu.Item
              key={organization.id}
              onClick={() => void switchTo(organization)}
              leftSection={<Avatar src={organization.logo ?? null} name={organization.name} size="xs" radius="sm" alt="" />}
              aria-current={organization.id === activeId ? "true" : undefined}
              fw={organization.id === activeId ? 700 : undefined}
            >
              {organization.name}
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item onClick={() => void navigate({ to: "/organizations" })}>All organizations</Menu.Item>
          <Menu.Item onClick={openCreate}>Create organization</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <CreateOrganizationModal opened={creating} onClose={closeCreate} />
    </>
  );
}
