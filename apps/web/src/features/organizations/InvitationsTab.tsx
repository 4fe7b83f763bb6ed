import { Button, Group, NativeSelect, Stack, Table, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { ActionErrorAlert } from "../../components/ActionErrorAlert";
import { ConfirmActionModal } from "../../components/ConfirmActionModal";
import { ListTable } from "../../components/ListTable";
import { RowButton } from "../../components/RowActions";
import { authClient } from "../../lib/auth-client";
import type { AuthCallError } from "../../lib/errors";
import { formatDateTime } from "../../lib/format";
import { notifySuccess } from "../../lib/notify";
import { SectionCard } from "../account/SectionCard";
import { emailField } from "../auth/validation";
import { DevMailboxHint } from "../dev-mailbox/DevMailboxHint";
import { type OrganizationInvitation, type OrganizationTabProps, organizationTeams, useRefreshOrganizations } from "./organization.queries";
import { RoleBadges } from "./RoleBadges";
import { useRoleOptions } from "./role-options";

/** SPEC §4: an invitation counts only while pending and unexpired. */
const isOpen = (invitation: OrganizationInvitation) =>
  invitation.status === "pending" && new Date(invitation.expiresAt).getTime() > Date.now();

export function InvitationsTab(props: OrganizationTabProps) {
  const { organization, permissions } = props;
  const refresh = useRefreshOrganizations();
  const [cancelling, setCancelling] = useState<OrganizationInvitation | null>(null);
  const pending = organization.invitations.filter(isOpen);

  const cancel = async () => {
    if (!cancelling) return null;
    const result = await authClient.organization.cancelInvitation({ invitationId: cancelling.id });
    if (result.error) return result.error;
    notifySuccess(`The invitation for ${cancelling.email} was cancelled.`);
    await refresh();
    return null;
  };

  return (
    <Stack gap="md">
      {permissions.createInvitation ? (
        <InviteSection {...props} />
      ) : (
        <Text c="dimmed" size="sm">
          Your role does not allow inviting people to this organization.
        </Text>
      )}
      <SectionCard title="Pending invitations" description="Invitations not yet accepted, declined or expired.">
        {pending.length === 0 ? (
          <Text c="dimmed" size="sm">
            No pending invitations.
          </Text>
        ) : (
          <ListTable
            caption={`Pending invitations to ${organization.name}`}
            columns={["Email", "Role", "Expires", "Actions"]}
            minWidth={560}
          >
            {pending.map((invitation) => (
              <Table.Tr key={invitation.id}>
                <Table.Td style={{ overflowWrap: "anywhere" }}>{invitation.email}</Table.Td>
                <Table.Td>
                  <RoleBadges role={invitation.role} />
                </Table.Td>
                <Table.Td>{formatDateTime(invitation.expiresAt)}</Table.Td>
                <Table.Td>
                  {permissions.cancelInvitation && (
                    <RowButton danger label={`Cancel invitation for ${invitation.email}`} onClick={() => setCancelling(invitation)}>
                      Cancel
                    </RowButton>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </SectionCard>
      <ConfirmActionModal
        opened={cancelling !== null}
        title="Cancel the invitation?"
        description={`The link sent to ${cancelling?.email ?? ""} stops working.`}
        confirmLabel="Cancel invitation"
        onClose={() => setCancelling(null)}
        onConfirm={cancel}
      />
    </Stack>
  );
}

function InviteSection({ organization, me }: OrganizationTabProps) {
  const refresh = useRefreshOrganizations();
  const roleOptions = useRoleOptions(organization.id, me?.role);
  const teams = organizationTeams(organization);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<AuthCallError | null>(null);
  const form = useForm({ initialValues: { email: "", role: "member", teamId: "" }, validate: { email: emailField } });

  const submit = form.onSubmit(async ({ email, role, teamId }) => {
    setSending(true);
    setError(null);
    const result = await authClient.organization.inviteMember({
      email: email.trim(),
      role: role as "member",
      organizationId: organization.id,
      ...(teamId ? { teamId } : {}),
    });
    setSending(false);
    if (result.error) {
      setError(result.error);
      return;
    }
    notifySuccess(`An invitation was sent to ${email.trim()}.`);
    form.reset();
    await refresh();
  });

  return (
    <SectionCard
      title="Invite someone"
      description="They get an email with a link to accept; it works for the address you enter here only."
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <ActionErrorAlert error={error} title="Could not send the invitation" />
          <TextInput label="Email" type="email" autoComplete="off" required {...form.getInputProps("email")} />
          <Group grow align="flex-start">
            <NativeSelect
              label="Role"
              data={roleOptions.map((option) => ({ value: option.value, label: option.value, disabled: option.disabled }))}
              {...form.getInputProps("role")}
            />
            <NativeSelect
              label="Team"
              description="Optional"
              data={[{ value: "", label: "No team" }, ...teams.map((team) => ({ value: team.id, label: team.name }))]}
              {...form.getInputProps("teamId")}
            />
          </Group>
          <Group>
            <Button type="submit" loading={sending}>
              Send invitation
            </Button>
          </Group>
          <DevMailboxHint />
        </Stack>
      </form>
    </SectionCard>
  );
}
