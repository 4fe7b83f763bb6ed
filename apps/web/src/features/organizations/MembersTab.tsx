import { Avatar, Badge, Button, Checkbox, Group, Modal, Stack, Table, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { ActionErrorAlert } from "../../components/ActionErrorAlert";
import { ConfirmActionModal } from "../../components/ConfirmActionModal";
import { ListTable } from "../../components/ListTable";
import { ModalActions } from "../../components/ModalActions";
import { RowActions, RowButton } from "../../components/RowActions";
import { authClient } from "../../lib/auth-client";
import type { AuthCallError } from "../../lib/errors";
import { notifySuccess } from "../../lib/notify";
import { hasRole, roleList } from "../../lib/roles";
import { SectionCard } from "../account/SectionCard";
import { type OrganizationMember, type OrganizationTabProps, useRefreshOrganizations } from "./organization.queries";
import { RoleBadges } from "./RoleBadges";
import { useRoleOptions } from "./role-options";

const displayName = (member: OrganizationMember) => member.user.name || member.user.email;

export function MembersTab({ organization, me, permissions }: OrganizationTabProps) {
  const refresh = useRefreshOrganizations();
  const [editing, setEditing] = useState<OrganizationMember | null>(null);
  const [removing, setRemoving] = useState<OrganizationMember | null>(null);
  const iAmOwner = hasRole(me?.role, "owner");
  // Only an owner may change or remove an owner; the server says so too, this just hides the buttons.
  const mayTouch = (member: OrganizationMember) => iAmOwner || !hasRole(member.role, "owner");

  const removeMember = async () => {
    if (!removing) return null;
    const result = await authClient.organization.removeMember({ memberIdOrEmail: removing.id, organizationId: organization.id });
    if (result.error) return result.error;
    notifySuccess(`${displayName(removing)} was removed from ${organization.name}.`);
    await refresh();
    return null;
  };

  return (
    <Stack gap="md">
      <SectionCard
        title="Members"
        description={organization.members.length === 1 ? "1 member." : `${organization.members.length} members.`}
      >
        <ListTable caption={`Members of ${organization.name}`} columns={["Name", "Email", "Role", "Actions"]} minWidth={640}>
          {organization.members.map((member) => {
            const name = displayName(member);
            const isMe = member.id === me?.id;
            return (
              <Table.Tr key={member.id}>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <Avatar src={member.user.image || null} name={name} size="sm" alt="" />
                    <Text size="sm">{member.user.name}</Text>
                    {isMe && <Badge color="green">You</Badge>}
                  </Group>
                </Table.Td>
                <Table.Td style={{ overflowWrap: "anywhere" }}>{member.user.email}</Table.Td>
                <Table.Td>
                  <RoleBadges role={member.role} />
                </Table.Td>
                <Table.Td>
                  <RowActions>
                    {permissions.updateMember && mayTouch(member) && (
                      <RowButton label={`Change role of ${name}`} onClick={() => setEditing(member)}>
                        Change role
                      </RowButton>
                    )}
                    {permissions.deleteMember && mayTouch(member) && !isMe && (
                      <RowButton danger label={`Remove ${name}`} onClick={() => setRemoving(member)}>
                        Remove
                      </RowButton>
                    )}
                  </RowActions>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </ListTable>
      </SectionCard>
      <LeaveSection organizationId={organization.id} organizationName={organization.name} />
      <ChangeRoleModal
        key={editing?.id ?? "none"}
        organizationId={organization.id}
        myRole={me?.role}
        member={editing}
        onClose={() => setEditing(null)}
      />
      <ConfirmActionModal
        opened={removing !== null}
        title={`Remove ${removing ? displayName(removing) : ""}?`}
        description="They lose access to the organization and its teams at once. You can invite them again later."
        confirmLabel="Remove member"
        onClose={() => setRemoving(null)}
        onConfirm={removeMember}
      />
    </Stack>
  );
}

/** Roles as checkboxes: a member may hold several, and gets what any of them allows. */
function ChangeRoleModal({
  organizationId,
  myRole,
  member,
  onClose,
}: {
  organizationId: string;
  myRole: string | undefined;
  member: OrganizationMember | null;
  onClose: () => void;
}) {
  const refresh = useRefreshOrganizations();
  const options = useRoleOptions(organizationId, myRole);
  const [roles, setRoles] = useState<string[]>(member ? roleList(member.role) : []);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AuthCallError | null>(null);

  const save = async () => {
    if (!member) return;
    if (roles.length === 0) {
      setError({ message: "Choose at least one role." });
      return;
    }
    setBusy(true);
    setError(null);
    const result = await authClient.organization.updateMemberRole({ memberId: member.id, role: roles, organizationId });
    setBusy(false);
    if (result.error) {
      setError(result.error);
      return;
    }
    notifySuccess(`${displayName(member)} is now ${roles.join(", ")}.`);
    // My own role may have changed, and with it what this page lets me do.
    await refresh();
    onClose();
  };

  return (
    <Modal opened={member !== null} onClose={onClose} title={member ? `Change role of ${displayName(member)}` : ""} centered>
      <Stack gap="sm">
        <ActionErrorAlert error={error} title="Could not change the role" />
        <Checkbox.Group
          label="Role"
          description="Several roles combine: the member gets what any of them allows."
          value={roles}
          onChange={setRoles}
        >
          <Stack gap="xs" mt="xs">
            {options.map((option) => (
              <Checkbox key={option.value} value={option.value} label={option.value} disabled={option.disabled} />
            ))}
          </Stack>
        </Checkbox.Group>
        <ModalActions confirmLabel="Save role" loading={busy} onCancel={onClose} onConfirm={() => void save()} />
      </Stack>
    </Modal>
  );
}

function LeaveSection({ organizationId, organizationName }: { organizationId: string; organizationName: string }) {
  const [opened, { open, close }] = useDisclosure(false);
  const navigate = useNavigate();
  const refresh = useRefreshOrganizations();

  const leave = async () => {
    const result = await authClient.organization.leave({ organizationId });
    if (result.error) return result.error;
    notifySuccess(`You left ${organizationName}.`);
    await navigate({ to: "/organizations" });
    await refresh({ session: true });
    return null;
  };

  return (
    <SectionCard title="Your membership" description="Leaving takes away your access. An organization's only owner cannot leave it.">
      <Group>
        <Button color="red" variant="outline" onClick={open}>
          Leave organization
        </Button>
      </Group>
      <ConfirmActionModal
        opened={opened}
        title={`Leave ${organizationName}?`}
        description="You will need a new invitation to come back."
        confirmLabel="Leave"
        onClose={close}
        onConfirm={leave}
      />
    </SectionCard>
  );
}
