import { Badge, Button, Code, Group, Switch, Table, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmActionModal } from "../../components/ConfirmActionModal";
import { ListTable } from "../../components/ListTable";
import { QueryView } from "../../components/QueryView";
import { RenameModal } from "../../components/RenameModal";
import { RowActions, RowButton } from "../../components/RowActions";
import { authClient } from "../../lib/auth-client";
import { unwrap } from "../../lib/errors";
import { formatDateTime } from "../../lib/format";
import { notifyError, notifySuccess } from "../../lib/notify";
import { SectionCard } from "../account/SectionCard";
import { type ApiKeyListItem, apiKeysQueryKey, maxNameLength, useApiKeys } from "./api-keys.queries";
import { CreateApiKeyModal } from "./CreateApiKeyModal";

const keyLabel = (apiKey: ApiKeyListItem) => apiKey.name || apiKey.start || "Unnamed key";
const isExpired = (apiKey: ApiKeyListItem) => apiKey.expiresAt !== null && new Date(apiKey.expiresAt).getTime() < Date.now();

/** The signed-in person's API keys: only their first characters are ever listed, never the secret. */
export function ApiKeysSection() {
  const queryClient = useQueryClient();
  const keys = useApiKeys();
  const [createOpened, createModal] = useDisclosure(false);
  const [renaming, setRenaming] = useState<ApiKeyListItem | null>(null);
  const [deleting, setDeleting] = useState<ApiKeyListItem | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey });

  const setEnabled = useMutation({
    mutationFn: async ({ keyId, enabled }: { keyId: string; enabled: boolean }) =>
      unwrap(await authClient.apiKey.update({ keyId, enabled })),
    onSuccess: (apiKey) => notifySuccess(apiKey.enabled ? "The key works again." : "The key is disabled: requests with it are refused."),
    onError: (error) => notifyError(error, "Could not change the key"),
    onSettled: refresh,
  });

  const renameKey = async (name: string) => {
    if (!renaming) return null;
    const result = await authClient.apiKey.update({ keyId: renaming.id, name });
    if (result.error) return result.error;
    await refresh();
    notifySuccess("The key was renamed.");
    return null;
  };

  const deleteKey = async () => {
    if (!deleting) return null;
    const result = await authClient.apiKey.delete({ keyId: deleting.id });
    if (result.error) return result.error;
    notifySuccess(`The key "${keyLabel(deleting)}" was deleted.`);
    await refresh();
    return null;
  };

  return (
    <SectionCard
      title="API keys"
      description="Keys let your scripts and servers call Gatehouse as you. Treat them like passwords: anyone holding one acts with your rights."
    >
      <Group>
        <Button onClick={createModal.open}>Create API key</Button>
      </Group>
      <QueryView
        query={keys}
        loadingLabel="Loading API keys"
        errorTitle="Could not load your API keys"
        empty={
          <Text size="sm" c="dimmed">
            You have no API keys yet.
          </Text>
        }
      >
        {(list) => (
          <ListTable
            caption="Your API keys"
            columns={["Name", "Key", "Created", "Expires", "Last used", "Enabled", "Actions"]}
            minWidth={760}
          >
            {list.map((apiKey) => {
              const label = keyLabel(apiKey);
              return (
                <Table.Tr key={apiKey.id}>
                  <Table.Td style={{ overflowWrap: "anywhere" }}>{apiKey.name || "—"}</Table.Td>
                  <Table.Td>{apiKey.start ? <Code>{`${apiKey.start}…`}</Code> : "—"}</Table.Td>
                  <Table.Td>{formatDateTime(apiKey.createdAt)}</Table.Td>
                  <Table.Td>
                    {apiKey.expiresAt ? formatDateTime(apiKey.expiresAt) : "Never"}
                    {isExpired(apiKey) && (
                      <Badge color="red" variant="light" ml={4}>
                        Expired
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{apiKey.lastRequest ? formatDateTime(apiKey.lastRequest) : "Never"}</Table.Td>
                  <Table.Td>
                    <Switch
                      checked={apiKey.enabled !== false}
                      aria-label={`Enabled: ${label}`}
                      disabled={setEnabled.isPending && setEnabled.variables?.keyId === apiKey.id}
                      onChange={(event) => setEnabled.mutate({ keyId: apiKey.id, enabled: event.currentTarget.checked })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <RowActions>
                      <RowButton variant="default" label={`Rename ${label}`} onClick={() => setRenaming(apiKey)}>
                        Rename
                      </RowButton>
                      <RowButton danger label={`Delete ${label}`} onClick={() => setDeleting(apiKey)}>
                        Delete
                      </RowButton>
                    </RowActions>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </ListTable>
        )}
      </QueryView>
      <CreateApiKeyModal opened={createOpened} onClose={createModal.close} />
      {renaming && (
        <RenameModal
          key={renaming.id}
          title="Rename API key"
          currentName={renaming.name ?? ""}
          maxLength={maxNameLength}
          errorTitle="Could not rename the key"
          onClose={() => setRenaming(null)}
          onRename={renameKey}
        />
      )}
      <ConfirmActionModal
        opened={deleting !== null}
        title="Delete API key?"
        description={deleting && `Requests made with "${keyLabel(deleting)}" are refused from now on. This cannot be undone.`}
        confirmLabel="Delete"
        onClose={() => setDeleting(null)}
        onConfirm={deleteKey}
      />
    </SectionCard>
  );
}
