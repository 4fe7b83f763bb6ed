import { Badge, Button, Stack, Table, Text, Tooltip } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useState } from "react";
import { ConfirmActionModal } from "../../components/ConfirmActionModal";
import { RowActions, RowButton } from "../../components/RowActions";
import { deleteBillingObject } from "../../lib/billing-api";
import { formatDateTime } from "../../lib/format";
import { notifySuccess } from "../../lib/notify";
import { BillingListView } from "./BillingListView";
import { ManageOnly } from "./billing-access";
import type { AccessToken } from "./billing-types";
import { CreateAccessTokenModal } from "./CreateAccessTokenModal";
import { DashboardLayout } from "./DashboardLayout";
import { PAGE_SIZE, useBillingList, useInvalidateBilling } from "./dashboard.queries";
import { EditAccessTokenModal } from "./EditAccessTokenModal";
import { useAvailableScopes } from "./openapi.queries";

const isExpired = (token: AccessToken) => token.expires_at !== null && new Date(token.expires_at).getTime() < Date.now();

/** Organization access tokens (polar_oat_…): what applications use to call /v1 for this organization. */
export function AccessTokensPage() {
  const [creating, createModal] = useDisclosure(false);
  return (
    <DashboardLayout title="Access tokens" actions={<Button onClick={createModal.open}>Create token</Button>}>
      <AccessTokenList creating={creating} closeCreate={createModal.close} />
    </DashboardLayout>
  );
}

function AccessTokenList({ creating, closeCreate }: { creating: boolean; closeCreate: () => void }) {
  const [page, setPage] = useState(1);
  const tokens = useBillingList<AccessToken>("organization-access-tokens", { page, limit: PAGE_SIZE });
  const refresh = useInvalidateBilling("organization-access-tokens");
  const { scopes } = useAvailableScopes();
  const [editing, setEditing] = useState<AccessToken | null>(null);
  const [deleting, setDeleting] = useState<AccessToken | null>(null);

  const deleteToken = async () => {
    if (!deleting) return null;
    return deleteBillingObject(`/v1/organization-access-tokens/${deleting.id}`, () => {
      notifySuccess(`"${deleting.comment}" no longer works.`, "Token deleted");
      void refresh();
    });
  };

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Applications send a token as <code>Authorization: Bearer polar_oat_…</code>. It acts for this organization with the scopes you give
        it.
      </Text>
      <BillingListView
        query={tokens}
        loadingLabel="Loading access tokens"
        errorTitle="Could not load the access tokens"
        emptyText="No access tokens yet. Create one for each application that calls the API."
        caption="Organization access tokens"
        columns={["Comment", "Scopes", "Expires", "Last used", "Actions"]}
        minWidth={760}
        noun="Tokens"
        page={page}
        onPageChange={setPage}
        row={(token) => (
          <Table.Tr key={token.id}>
            <Table.Td>{token.comment}</Table.Td>
            <Table.Td>
              <Tooltip label={token.scopes.join(", ")} multiline w={320}>
                <Badge variant="light">{token.scopes.length} scopes</Badge>
              </Tooltip>
            </Table.Td>
            <Table.Td>
              {token.expires_at ? formatDateTime(token.expires_at) : "Never"}
              {isExpired(token) && (
                <Badge color="red" ml="xs">
                  Expired
                </Badge>
              )}
            </Table.Td>
            <Table.Td>{token.last_used_at ? formatDateTime(token.last_used_at) : "Never"}</Table.Td>
            <Table.Td>
              <ManageOnly>
                <RowActions>
                  <RowButton label={`Edit token ${token.comment}`} variant="default" onClick={() => setEditing(token)}>
                    Edit
                  </RowButton>
                  <RowButton label={`Delete token ${token.comment}`} danger onClick={() => setDeleting(token)}>
                    Delete
                  </RowButton>
                </RowActions>
              </ManageOnly>
            </Table.Td>
          </Table.Tr>
        )}
      />
      <CreateAccessTokenModal opened={creating} scopes={scopes} onClose={closeCreate} />
      {editing && <EditAccessTokenModal key={editing.id} token={editing} scopes={scopes} onClose={() => setEditing(null)} />}
      <ConfirmActionModal
        opened={deleting !== null}
        title="Delete access token"
        description={`Applications using "${deleting?.comment ?? ""}" will be refused from now on. This cannot be undone.`}
        confirmLabel="Delete token"
        errorTitle="Could not delete the token"
        onClose={() => setDeleting(null)}
        onConfirm={deleteToken}
      />
    </Stack>
  );
}
