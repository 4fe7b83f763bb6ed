import { Alert, Button, Group, Table, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { PageLoader } from "../../components/PageLoader";
import { authClient } from "../../lib/auth-client";
import type { AuthCallError } from "../../lib/errors";
import { formatDateTime } from "../../lib/format";
import { notifySuccess } from "../../lib/notify";
import { useSignInMethods } from "../auth/sign-in-methods.api";
import { describeErrorCode } from "../errors/error-codes";
import { ActionErrorAlert } from "./ActionErrorAlert";
import { accountsQueryKey, useLinkedAccounts } from "./account.queries";
import { SectionCard } from "./SectionCard";

// "credential" is better-auth's id for the email-and-password login.
const builtInNames: Record<string, string> = { credential: "Email and password" };

// The provider sends people back here; a failed link arrives as `?error=<code>` (SPEC §8).
const returnURL = "/account?tab=accounts";

/** Read once: the router keeps only `tab`, but the code is still in the address the provider sent. */
function linkErrorFromAddress(): string | null {
  return new URLSearchParams(window.location.search).get("error");
}

export function LinkedAccountsSection() {
  const queryClient = useQueryClient();
  const accounts = useLinkedAccounts();
  const providers = useSignInMethods().data?.socialProviders;
  const [linkError] = useState(linkErrorFromAddress);
  const [error, setError] = useState<AuthCallError | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const nameOf = (providerId: string) =>
    builtInNames[providerId] ?? providers?.find((provider) => provider.id === providerId)?.name ?? providerId;

  const link = async (providerId: string) => {
    setBusy(`link:${providerId}`);
    setError(null);
    // On success the client follows the provider's authorization URL, leaving this page.
    const result = await authClient.linkSocial({ provider: providerId, callbackURL: returnURL, errorCallbackURL: returnURL });
    if (result.error) {
      setBusy(null);
      setError(result.error);
    }
  };

  // The client's typed shape is better-auth's `{accountId: <id from list-accounts>}`; the server takes
  // it as well as SPEC §7's `{providerId, accountId?}`, and the row id is unambiguous when a person
  // linked two accounts of one provider.
  const unlink = async (providerId: string, id: string) => {
    setBusy(`unlink:${id}`);
    setError(null);
    const result = await authClient.unlinkAccount({ accountId: id });
    setBusy(null);
    if (result.error) {
      setError(result.error);
      return;
    }
    await queryClient.invalidateQueries({ queryKey: accountsQueryKey });
    notifySuccess(`You can no longer sign in with ${nameOf(providerId)}.`, "Account unlinked");
  };

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
      <Table.ScrollContainer minWidth={560}>
        <Table striped verticalSpacing="sm">
          <Table.Caption>Ways you can sign in</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Provider</Table.Th>
              <Table.Th scope="col">Linked on</Table.Th>
              <Table.Th scope="col">Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {accounts.data.map((account) => (
              <Table.Tr key={account.id}>
                <Table.Td>
                  {nameOf(account.providerId)}{" "}
                  <Text span size="xs" c="dimmed">
                    ({account.providerId})
                  </Text>
                </Table.Td>
                <Table.Td>{formatDateTime(account.createdAt)}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    color="red"
                    variant="light"
                    aria-label={`Unlink ${account.providerId}`}
                    loading={busy === `unlink:${account.id}`}
                    onClick={() => unlink(account.providerId, account.id)}
                  >
                    Unlink
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  const linked = new Set(accounts.data?.map((account) => account.providerId) ?? []);
  const linkable = accounts.isSuccess ? (providers ?? []).filter((provider) => !linked.has(provider.id)) : [];

  return (
    <SectionCard title="Linked accounts" description="Login methods connected to your user.">
      {linkError && (
        <Alert color="red" role="alert" title="The account was not linked">
          {describeErrorCode(linkError)}
        </Alert>
      )}
      <ActionErrorAlert error={error} />
      {body}
      {linkable.length > 0 && (
        <Group>
          {linkable.map((provider) => (
            <Button key={provider.id} variant="default" loading={busy === `link:${provider.id}`} onClick={() => link(provider.id)}>
              Link {provider.name}
            </Button>
          ))}
        </Group>
      )}
    </SectionCard>
  );
}
