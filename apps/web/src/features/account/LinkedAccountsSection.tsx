import { Alert, Button, Group, Table, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ActionErrorAlert } from "../../components/ActionErrorAlert";
import { ListTable } from "../../components/ListTable";
import { QueryView } from "../../components/QueryView";
import { RowButton } from "../../components/RowActions";
import { authClient } from "../../lib/auth-client";
import type { AuthCallError } from "../../lib/errors";
import { formatDateTime } from "../../lib/format";
import { notifySuccess } from "../../lib/notify";
import { useSignInMethods } from "../auth/sign-in-methods.api";
import { describeErrorCode } from "../errors/error-codes";
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
      <QueryView
        query={accounts}
        loadingLabel="Loading linked accounts"
        errorTitle="Could not load your linked accounts"
        empty={<Text c="dimmed">No linked accounts.</Text>}
      >
        {(list) => (
          <ListTable caption="Ways you can sign in" columns={["Provider", "Linked on", "Actions"]} minWidth={560}>
            {list.map((account) => (
              <Table.Tr key={account.id}>
                <Table.Td>
                  {nameOf(account.providerId)}{" "}
                  <Text span size="xs" c="dimmed">
                    ({account.providerId})
                  </Text>
                </Table.Td>
                <Table.Td>{formatDateTime(account.createdAt)}</Table.Td>
                <Table.Td>
                  <RowButton
                    danger
                    label={`Unlink ${account.providerId}`}
                    loading={busy === `unlink:${account.id}`}
                    onClick={() => unlink(account.providerId, account.id)}
                  >
                    Unlink
                  </RowButton>
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </QueryView>
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
