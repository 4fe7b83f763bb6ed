import { Alert, Table, Text } from "@mantine/core";
import { PageLoader } from "../../components/PageLoader";
import { formatDateTime } from "../../lib/format";
import { useLinkedAccounts } from "./account.queries";
import { SectionCard } from "./SectionCard";

// "credential" is better-auth's id for the email-and-password login.
const providerNames: Record<string, string> = { credential: "Email and password" };

export function LinkedAccountsSection() {
  const accounts = useLinkedAccounts();

  let body: React.ReactNode;
  if (accounts.isPending) body = <PageLoader label="Loading linked accounts" />;
  else if (accounts.isError)
    body = (
      <Alert color="red" role="alert" title="Could not load your linked accounts">
        {accounts.error.message}
      </Alert>
    );
  else if (accounts.data.length === 0) body = <Text c="dimmed">No linked accounts.</Text>;
  else
    body = (
      <Table.ScrollContainer minWidth={480}>
        <Table striped>
          <Table.Caption>Ways you can sign in</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Provider</Table.Th>
              <Table.Th scope="col">Linked on</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {accounts.data.map((account) => (
              <Table.Tr key={account.id}>
                <Table.Td>
                  {providerNames[account.providerId] ?? account.providerId}{" "}
                  <Text span size="xs" c="dimmed">
                    ({account.providerId})
                  </Text>
                </Table.Td>
                <Table.Td>{formatDateTime(account.createdAt)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  return (
    <SectionCard title="Linked accounts" description="Login methods connected to your user.">
      {body}
    </SectionCard>
  );
}
