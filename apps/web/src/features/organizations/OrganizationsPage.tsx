import { Alert, Avatar, Badge, Button, Container, Group, List, Table, Text, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useQueries, useQuery } from "@tanstack/react-query";
import { ListTable } from "../../components/ListTable";
import { AnchorLink } from "../../components/links";
import { QueryView } from "../../components/QueryView";
import { authClient } from "../../lib/auth-client";
import { unwrap } from "../../lib/errors";
import { CreateOrganizationModal } from "./CreateOrganizationModal";
import { useOrganizationList } from "./organization.queries";
import { RoleBadges } from "./RoleBadges";
import { SignedInOnly } from "./SignedInOnly";

export function OrganizationsPage() {
  return <SignedInOnly label="Loading your organizations">{() => <OrganizationList />}</SignedInOnly>;
}

function OrganizationList() {
  const { data: session } = authClient.useSession();
  const organizations = useOrganizationList();
  const [creating, { open, close }] = useDisclosure(false);
  // The list endpoint has no roles; each organization's answers "what am I here".
  const roles = useQueries({
    queries: (organizations.data ?? []).map((organization) => ({
      queryKey: ["organizations", organization.id, "my-role"],
      queryFn: async () => unwrap(await authClient.organization.getActiveMemberRole({ query: { organizationId: organization.id } })).role,
    })),
  });

  return (
    <Container size="md" py="md">
      <Group justify="space-between" mb="md">
        <Title order={1} size="h2">
          Organizations
        </Title>
        <Button onClick={open}>Create organization</Button>
      </Group>
      <MyInvitations />
      <QueryView
        query={organizations}
        loadingLabel="Loading your organizations"
        errorTitle="Could not load your organizations"
        empty={<Text c="dimmed">You do not belong to any organization yet. Create one, or accept an invitation someone sent you.</Text>}
      >
        {(list) => (
          <ListTable caption="Organizations you belong to" columns={["Organization", "Slug", "Your role"]} minWidth={480}>
            {list.map((organization, index) => (
              <Table.Tr key={organization.id}>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <Avatar src={organization.logo ?? null} name={organization.name} size="sm" radius="sm" alt="" />
                    <AnchorLink to="/organizations/$slug" params={{ slug: organization.slug }}>
                      {organization.name}
                    </AnchorLink>
                    {organization.id === session?.session.activeOrganizationId && <Badge color="green">Active</Badge>}
                  </Group>
                </Table.Td>
                <Table.Td style={{ overflowWrap: "anywhere" }}>{organization.slug}</Table.Td>
                <Table.Td>{roles[index]?.data ? <RoleBadges role={roles[index].data} /> : "—"}</Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </QueryView>
      <CreateOrganizationModal opened={creating} onClose={close} />
    </Container>
  );
}

/** Pending invitations to this person's (verified) address, for whoever lost the mail. */
function MyInvitations() {
  const invitations = useQuery({
    queryKey: ["organizations", "my-invitations"],
    retry: false,
    queryFn: async () => unwrap(await authClient.organization.listUserInvitations()),
  });
  // An unverified address is refused the list (403); the invitation mail's link still explains why.
  if (!invitations.data?.length) return null;
  return (
    <Alert color="blue" title="Invitations for you" mb="md">
      <List spacing={4}>
        {invitations.data.map((invitation) => (
          <List.Item key={invitation.id}>
            <AnchorLink to="/accept-invitation/$invitationId" params={{ invitationId: invitation.id }}>
              {invitation.organizationName}
            </AnchorLink>{" "}
            as {invitation.role}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
