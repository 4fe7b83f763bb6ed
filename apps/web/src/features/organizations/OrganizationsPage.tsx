import { Alert, Avatar, Badge, Button, Container, Group, List, Table, Text, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useQueries, useQuery } from "@tanstack/react-query";
import { AnchorLink } from "../../components/links";
import { PageLoader } from "../../components/PageLoader";
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

  let body: React.ReactNode;
  if (organizations.isPending) body = <PageLoader label="Loading your organizations" />;
  else if (organizations.isError)
    body = (
      <Alert color="red" role="alert" title="Could not load your organizations">
        {organizations.error.message}
      </Alert>
    );
  else if (organizations.data.length === 0)
    body = <Text c="dimmed">You do not belong to any organization yet. Create one, or accept an invitation someone sent you.</Text>;
  else
    body = (
      <Table.ScrollContainer minWidth={480}>
        <Table striped verticalSpacing="sm">
          <Table.Caption>Organizations you belong to</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Organization</Table.Th>
              <Table.Th scope="col">Slug</Table.Th>
              <Table.Th scope="col">Your role</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {organizations.data.map((organization, index) => (
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
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  return (
    <Container size="md" py="md">
      <Group justify="space-between" mb="md">
        <Title order={1} size="h2">
          Organizations
        </Title>
        <Button onClick={open}>Create organization</Button>
      </Group>
      <MyInvitations />
      {body}
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
