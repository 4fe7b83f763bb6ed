import { Alert, Badge, Button, Code, Group, Switch, Table, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { PageLoader } from "../../components/PageLoader";
import { authClient } from "../../lib/auth-client";
import { unwrap } from "../../lib/errors";
import { formatDateTime } from "../../lib/format";
import { notifyError, notifySuccess } from "../../lib/notify";
import { SectionCard } from "../account/SectionCard";
import { ConfirmActionModal } from "../admin/ConfirmActionModal";
import { type ApiKeyListItem, apiKeysQueryKey, useApiKeys } from "./api-keys.queries";
import { CreateApiKeyModal } from "./CreateApiKeyModal";
import { RenameApiKeyModal } from "./RenameApiKeyModal";

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

  const deleteKey = async () => {
    if (!deleting) return null;
    const result = await authClient.apiKey.delete({ keyId: deleting.id });
    if (result.error) return result.error;
    notifySuccess(`The key "${keyLabel(deleting)}" was deleted.`);
    await refresh();
    return null;
  };

  let body: React.ReactNode;
  if (keys.isPending) body = <PageLoader label="Loading API keys" />;
  else if (keys.isError)
    body = (
      <Alert color="red" role="alert" title="Could not load your API keys">
        {keys.error.message}
      </Alert>
    );
  else if (keys.data.length === 0)
    body = (
      <Text size="sm" c="dimmed">
        You have no API keys yet.
      </Text>
    );
  else
    body = (
      <Table.ScrollContainer minWidth={760}>
        <Table striped verticalSpacing="sm">
          <Table.Caption>Your API keys</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Name</Table.Th>
              <Table.Th scope="col">Key</Table.Th>
              <Table.Th scope="col">Created</Table.Th>
              <Table.Th scope="col">Expires</Table.Th>
              <Table.Th scope="col">Last used</Table.Th>
              <Table.Th scope="col">Enabled</Table.Th>
              <Table.Th scope="col">Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {keys.data.map((apiKey) => {
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
                    <Group gap="xs" wrap="nowrap">
                      <Button size="xs" variant="default" aria-label={`Rename ${label}`} onClick={() => setRenaming(apiKey)}>
                        Rename
                      </Button>
                      <Button size="xs" color="red" variant="light" aria-label={`Delete ${label}`} onClick={() => setDeleting(apiKey)}>
                        Delete
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  return (
    <SectionCard
      title="API keys"
      description="Keys let your scripts and servers call Gatehouse as you. Treat them like passwords: anyone holding one acts with your rights."
    >
      <Group>
        <Button onClick={createModal.open}>Create API key</Button>
      </Group>
      {body}
      <CreateApiKeyModal opened={createOpened} onClose={createModal.close} />
      {renaming && <RenameApiKeyModal key={renaming.id} apiKey={renaming} onClose={() => setRenaming(null)} />}
      <ConfirmActionModal
        opened={deleting !== null}
        title="Delete API key?"
        confirmLabel="Delete"
        onClose={() => setDeleting(null)}
        onConfirm={deleteKey}
      >
        {deleting && `Requests made with "${keyLabel(deleting)}" are refused from now on. This cannot be undone.`}
      </ConfirmActionModal>
    </SectionCard>
  );
}
