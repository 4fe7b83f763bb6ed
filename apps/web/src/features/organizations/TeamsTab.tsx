import { Accordion, Button, Group, Modal, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { authClient } from "../../lib/auth-client";
import type { AuthCallError } from "../../lib/errors";
import { notifySuccess } from "../../lib/notify";
import { ActionErrorAlert } from "../account/ActionErrorAlert";
import { ModalActions } from "../account/ModalActions";
import { SectionCard } from "../account/SectionCard";
import { requiredField } from "../auth/validation";
import { ConfirmActionModal } from "./ConfirmActionModal";
import { type OrganizationTabProps, type OrganizationTeam, organizationTeams, useRefreshOrganizations } from "./organization.queries";
import { TeamMembers } from "./TeamMembers";

export function TeamsTab(props: OrganizationTabProps) {
  const { organization, permissions } = props;
  const refresh = useRefreshOrganizations();
  const teams = organizationTeams(organization);
  const [open, setOpen] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<OrganizationTeam | null>(null);
  const [removing, setRemoving] = useState<OrganizationTeam | null>(null);

  const remove = async () => {
    if (!removing) return null;
    const result = await authClient.organization.removeTeam({ teamId: removing.id, organizationId: organization.id });
    if (result.error) return result.error;
    notifySuccess(`The team ${removing.name} was removed.`);
    await refresh();
    return null;
  };

  return (
    <Stack gap="md">
      {permissions.createTeam && <CreateTeamSection organizationId={organization.id} />}
      <SectionCard title="Teams" description={teams.length === 0 ? "This organization has no teams." : undefined}>
        {/* Controlled, and a panel renders its members only while open: one query per opened team. */}
        <Accordion value={open} onChange={setOpen} variant="separated">
          {teams.map((team) => (
            <Accordion.Item key={team.id} value={team.id}>
              <Accordion.Control>{team.name}</Accordion.Control>
              <Accordion.Panel>
                {open === team.id && (
                  <Stack gap="sm">
                    <Group gap="xs">
                      {permissions.updateTeam && (
                        <Button size="xs" variant="light" aria-label={`Rename team ${team.name}`} onClick={() => setRenaming(team)}>
                          Rename
                        </Button>
                      )}
                      {permissions.deleteTeam && (
                        <Button
                          size="xs"
                          color="red"
                          variant="light"
                          aria-label={`Remove team ${team.name}`}
                          onClick={() => setRemoving(team)}
                        >
                          Remove team
                        </Button>
                      )}
                    </Group>
                    <TeamMembers {...props} team={team} />
                  </Stack>
                )}
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </SectionCard>
      <RenameTeamModal key={renaming?.id ?? "none"} organizationId={organization.id} team={renaming} onClose={() => setRenaming(null)} />
      <ConfirmActionModal
        opened={removing !== null}
        title={`Remove the team ${removing?.name ?? ""}?`}
        description="Its members stay in the organization. An organization's last team cannot be removed."
        confirmLabel="Remove team"
        onClose={() => setRemoving(null)}
        onConfirm={remove}
      />
    </Stack>
  );
}

function CreateTeamSection({ organizationId }: { organizationId: string }) {
  const refresh = useRefreshOrganizations();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AuthCallError | null>(null);
  const form = useForm({ initialValues: { name: "" }, validate: { name: requiredField("Name") } });

  const submit = form.onSubmit(async ({ name }) => {
    setBusy(true);
    setError(null);
    const result = await authClient.organization.createTeam({ name: name.trim(), organizationId });
    setBusy(false);
    if (result.error) {
      setError(result.error);
      return;
    }
    notifySuccess(`The team ${name.trim()} was created.`);
    form.reset();
    await refresh();
  });

  return (
    <SectionCard title="New team">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <ActionErrorAlert error={error} title="Could not create the team" />
          <Group align="flex-start">
            <TextInput label="Name" required style={{ flex: 1, minWidth: 200 }} {...form.getInputProps("name")} />
            <Button type="submit" loading={busy} mt={25}>
              Create team
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}

function RenameTeamModal({
  organizationId,
  team,
  onClose,
}: {
  organizationId: string;
  team: OrganizationTeam | null;
  onClose: () => void;
}) {
  const refresh = useRefreshOrganizations();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AuthCallError | null>(null);
  const form = useForm({ initialValues: { name: team?.name ?? "" }, validate: { name: requiredField("Name") } });

  const submit = form.onSubmit(async ({ name }) => {
    if (!team) return;
    setBusy(true);
    setError(null);
    const result = await authClient.organization.updateTeam({ teamId: team.id, data: { name: name.trim(), organizationId } });
    setBusy(false);
    if (result.error) {
      setError(result.error);
      return;
    }
    notifySuccess(`The team is now called ${name.trim()}.`);
    await refresh();
    onClose();
  });

  return (
    <Modal opened={team !== null} onClose={onClose} title="Rename team" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <ActionErrorAlert error={error} title="Could not rename the team" />
          <TextInput label="Name" required data-autofocus {...form.getInputProps("name")} />
          <ModalActions confirmLabel="Save name" loading={busy} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
