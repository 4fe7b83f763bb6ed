import { Alert, Button, Checkbox, Group, Modal, SimpleGrid, Stack, Table, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { ActionErrorAlert } from "../../components/ActionErrorAlert";
import { ConfirmActionModal } from "../../components/ConfirmActionModal";
import { ListTable } from "../../components/ListTable";
import { ModalActions } from "../../components/ModalActions";
import { QueryView } from "../../components/QueryView";
import { RowActions, RowButton } from "../../components/RowActions";
import { authClient } from "../../lib/auth-client";
import type { AuthCallError } from "../../lib/errors";
import { notifySuccess } from "../../lib/notify";
import { SectionCard } from "../account/SectionCard";
import { type CustomRole, type OrganizationTabProps, useCustomRoles, useRefreshOrganizations } from "./organization.queries";
import { type PermissionResource, permissionCatalogue, permissionResources, resourceLabel } from "./permissions";

type Permission = Partial<Record<PermissionResource, string[]>>;

const builtInDescriptions = [
  { role: "owner", text: "Everything, including deleting the organization and managing custom roles." },
  { role: "admin", text: "Everything but deleting the organization; reads custom roles." },
  { role: "member", text: "Sees the organization, its members, teams and invitations; reads custom roles." },
];

function summary(permission: Record<string, string[]> | null | undefined): string {
  const parts = Object.entries(permission ?? {})
    .filter(([, actions]) => actions.length > 0)
    .map(([resource, actions]) => `${resourceLabel(resource)}: ${actions.join(", ")}`);
  return parts.length ? parts.join("; ") : "No permissions";
}

export function RolesTab({ organization, permissions }: OrganizationTabProps) {
  const refresh = useRefreshOrganizations();
  const roles = useCustomRoles(organization.id);
  const [editing, setEditing] = useState<CustomRole | "new" | null>(null);
  const [deleting, setDeleting] = useState<CustomRole | null>(null);

  const remove = async () => {
    if (!deleting) return null;
    const result = await authClient.organization.deleteRole({ roleName: deleting.role, organizationId: organization.id });
    if (result.error) return result.error;
    notifySuccess(`The role ${deleting.role} was deleted.`);
    await refresh();
    return null;
  };

  return (
    <Stack gap="md">
      <SectionCard title="Built-in roles" description="Every organization has these; they cannot be changed.">
        <Table verticalSpacing="xs">
          <Table.Tbody>
            {builtInDescriptions.map(({ role, text }) => (
              <Table.Tr key={role}>
                <Table.Th scope="row">{role}</Table.Th>
                <Table.Td>{text}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </SectionCard>
      <SectionCard
        title="Custom roles"
        description="Roles of this organization with the permissions you choose; give them to members like the built-in ones."
      >
        {permissions.createRole && (
          <Group>
            <Button onClick={() => setEditing("new")}>Create role</Button>
          </Group>
        )}
        <QueryView
          query={roles}
          loadingLabel="Loading the roles"
          renderError={(error) => (
            <Alert color="yellow" role="status" title="Custom roles not shown">
              {error.message}
            </Alert>
          )}
          empty={
            <Text c="dimmed" size="sm">
              No custom roles yet.
            </Text>
          }
        >
          {(list) => (
            <ListTable caption={`Custom roles of ${organization.name}`} columns={["Role", "Permissions", "Actions"]} minWidth={560}>
              {list.map((role) => (
                <Table.Tr key={role.id}>
                  <Table.Td>{role.role}</Table.Td>
                  <Table.Td>{summary(role.permission)}</Table.Td>
                  <Table.Td>
                    <RowActions>
                      {permissions.updateRole && (
                        <RowButton label={`Edit role ${role.role}`} onClick={() => setEditing(role)}>
                          Edit
                        </RowButton>
                      )}
                      {permissions.deleteRole && (
                        <RowButton danger label={`Delete role ${role.role}`} onClick={() => setDeleting(role)}>
                          Delete
                        </RowButton>
                      )}
                    </RowActions>
                  </Table.Td>
                </Table.Tr>
              ))}
            </ListTable>
          )}
        </QueryView>
      </SectionCard>
      <RoleEditorModal
        key={editing === null ? "closed" : editing === "new" ? "new" : editing.id}
        organizationId={organization.id}
        role={editing}
        onClose={() => setEditing(null)}
      />
      <ConfirmActionModal
        opened={deleting !== null}
        title={`Delete the role ${deleting?.role ?? ""}?`}
        description="A role still given to members cannot be deleted; change their roles first."
        confirmLabel="Delete role"
        onClose={() => setDeleting(null)}
        onConfirm={remove}
      />
    </Stack>
  );
}

/** Name and a checklist of actions per resource; editing keeps the name and replaces the permissions. */
function RoleEditorModal({
  organizationId,
  role,
  onClose,
}: {
  organizationId: string;
  role: CustomRole | "new" | null;
  onClose: () => void;
}) {
  const refresh = useRefreshOrganizations();
  const existing = role !== null && role !== "new" ? role : null;
  const [name, setName] = useState(existing?.role ?? "");
  const [permission, setPermission] = useState<Permission>((existing?.permission as Permission | undefined) ?? {});
  const [nameError, setNameError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AuthCallError | null>(null);

  const save = async () => {
    if (!name.trim()) {
      setNameError("Role name is required");
      return;
    }
    // Resources with nothing ticked are left out rather than sent as empty lists.
    const chosen = Object.fromEntries(Object.entries(permission).filter(([, actions]) => actions.length > 0));
    setBusy(true);
    setError(null);
    const result = existing
      ? await authClient.organization.updateRole({ roleName: existing.role, organizationId, data: { permission: chosen } })
      : await authClient.organization.createRole({ role: name.trim(), permission: chosen, organizationId });
    setBusy(false);
    if (result.error) {
      setError(result.error);
      return;
    }
    notifySuccess(existing ? `The role ${existing.role} was saved.` : `The role ${name.trim()} was created.`);
    await refresh();
    onClose();
  };

  return (
    <Modal opened={role !== null} onClose={onClose} title={existing ? `Edit role ${existing.role}` : "Create role"} size="lg" centered>
      <Stack gap="sm">
        <ActionErrorAlert error={error} title="Could not save the role" />
        <TextInput
          label="Role name"
          required
          disabled={existing !== null}
          value={name}
          error={nameError}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setNameError(null);
          }}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          {permissionResources.map((resource) => (
            <Checkbox.Group
              key={resource}
              label={resourceLabel(resource)}
              value={permission[resource] ?? []}
              onChange={(actions) => setPermission((current) => ({ ...current, [resource]: actions }))}
            >
              <Stack gap={4} mt={4}>
                {permissionCatalogue[resource].map((action) => (
                  <Checkbox key={action} value={action} label={action} aria-label={`${resourceLabel(resource)}: ${action}`} />
                ))}
              </Stack>
            </Checkbox.Group>
          ))}
        </SimpleGrid>
        <ModalActions
          confirmLabel={existing ? "Save role" : "Create role"}
          loading={busy}
          onCancel={onClose}
          onConfirm={() => void save()}
        />
      </Stack>
    </Modal>
  );
}
