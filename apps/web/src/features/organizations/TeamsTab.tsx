import { Accordion, Button, Group, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { ActionErrorAlert } from "../../components/ActionErrorAlert";
import { ConfirmActionModal } from "../../components/ConfirmActionModal";
import { RenameModal } from "../../components/RenameModal";
import { RowButton } from "../../components/RowActions";
import { authClient } from "../../lib/auth-client";
import type { AuthCallError } from "../../lib/errors";
import { notifySuccess } from "../../lib/notify";
import { SectionCard } from "../account/SectionCard";
import { requiredField } from "../auth/validation";
import { type OrganizationTabProps, type OrganizationTeam, organizationTeams, useRefreshOrganizations } from "./organization.queries";
import { TeamMembers } from "./TeamMembers";

export function TeamsTab(props: OrganizationTabProps) {
  const { organization, permissions } = props;
  const refresh = useRefreshOrganizations();
  const teams = organizationTeams(organization);
  const [open, setOpen] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<OrganizationTeam | null>(null);
  const [removing, setRemoving] = useState<OrganizationTeam | null>(null);

  const rename = async (name: string) => {
    if (!renaming) return null;
    const result = await authClient.organization.updateTeam({ teamId: renaming.id, data: { name, organizationId: organization.id } });
    if (result.error) return result.error;
    notifySuccess(`The team is now called ${name}.`);
    await refresh();
    return null;
  };

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
                        <RowButton label={`Rename team ${team.name}`} onClick={() => setRenaming(team)}>
                          Rename
                        </RowButton>
                      )}
                      {permissions.deleteTeam && (
                        <RowButton danger label={`Remove team ${team.name}`} onClick={() => setRemoving(team)}>
                          Remove team
                        </RowButton>
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
      {renaming && (
        <RenameModal
          key={renaming.id}
          title="Rename team"
          currentName={renaming.name}
          errorTitle="Could not rename the team"
          onClose={() => setRenaming(null)}
          onRename={rename}
        />
      )}
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
