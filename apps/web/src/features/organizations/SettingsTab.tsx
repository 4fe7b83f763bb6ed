import { Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useDisclosure } from "@mantine/hooks";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { ActionErrorAlert } from "../../components/ActionErrorAlert";
import { ConfirmActionModal } from "../../components/ConfirmActionModal";
import { authClient } from "../../lib/auth-client";
import type { AuthCallError } from "../../lib/errors";
import { notifySuccess } from "../../lib/notify";
import { SectionCard } from "../account/SectionCard";
import { optionalUrlField, requiredField } from "../auth/validation";
import { type OrganizationTabProps, useRefreshOrganizations } from "./organization.queries";
import { availabilityColor, availabilityText, slugField, useSlugAvailability } from "./slug";

export function SettingsTab({ organization, permissions }: OrganizationTabProps) {
  return (
    <Stack gap="md">
      <DetailsSection organization={organization} canUpdate={permissions.updateOrganization} />
      <DeleteSection organization={organization} canDelete={permissions.deleteOrganization} />
    </Stack>
  );
}

function DetailsSection({ organization, canUpdate }: { organization: OrganizationTabProps["organization"]; canUpdate: boolean }) {
  const navigate = useNavigate();
  const refresh = useRefreshOrganizations();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<AuthCallError | null>(null);
  const form = useForm({
    initialValues: { name: organization.name, slug: organization.slug, logo: organization.logo ?? "" },
    validate: { name: requiredField("Name"), slug: slugField, logo: optionalUrlField },
  });
  const availability = useSlugAvailability(form.values.slug, organization.slug);

  const submit = form.onSubmit(async ({ name, slug, logo }) => {
    setSaving(true);
    setError(null);
    const result = await authClient.organization.update({
      organizationId: organization.id,
      data: { name: name.trim(), slug: slug.trim(), logo: logo.trim() },
    });
    setSaving(false);
    if (result.error) {
      setError(result.error);
      return;
    }
    form.resetDirty();
    notifySuccess("The organization was saved.");
    await refresh();
    // The page's address carries the slug: follow a rename there.
    if (result.data && result.data.slug !== organization.slug)
      await navigate({ to: "/organizations/$slug", params: { slug: result.data.slug }, search: { tab: "settings" }, replace: true });
  });

  return (
    <SectionCard title="Organization details" description={canUpdate ? undefined : "Your role does not allow changing these."}>
      <form onSubmit={submit} noValidate>
        <fieldset disabled={!canUpdate} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack gap="sm">
            <ActionErrorAlert error={error} title="Could not save the organization" />
            <TextInput label="Name" required {...form.getInputProps("name")} />
            <div>
              <TextInput label="Slug" required autoCapitalize="none" spellCheck={false} {...form.getInputProps("slug")} />
              <Text size="sm" mt={4} c={availabilityColor[availability.state]} aria-live="polite">
                {form.errors.slug ? "" : availabilityText(availability)}
              </Text>
            </div>
            <TextInput label="Logo URL" type="url" placeholder="https://…" {...form.getInputProps("logo")} />
            {canUpdate && (
              <Group>
                <Button type="submit" loading={saving}>
                  Save organization
                </Button>
              </Group>
            )}
          </Stack>
        </fieldset>
      </form>
    </SectionCard>
  );
}

function DeleteSection({ organization, canDelete }: { organization: OrganizationTabProps["organization"]; canDelete: boolean }) {
  const [opened, { open, close }] = useDisclosure(false);
  const navigate = useNavigate();
  const refresh = useRefreshOrganizations();

  const deleteOrganization = async () => {
    const result = await authClient.organization.delete({ organizationId: organization.id });
    if (result.error) return result.error;
    notifySuccess(`${organization.name} was deleted.`);
    // Leave the page first: its queries would otherwise refetch a deleted organization.
    await navigate({ to: "/organizations" });
    await refresh({ session: true });
    return null;
  };

  return (
    <SectionCard
      title="Danger zone"
      description="Deleting the organization removes its members, invitations, teams and roles. This cannot be undone."
    >
      {canDelete ? (
        <Group>
          <Button color="red" onClick={open}>
            Delete organization
          </Button>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          Your role does not allow deleting this organization; only owners can.
        </Text>
      )}
      <ConfirmActionModal
        opened={opened}
        title={`Delete ${organization.name}?`}
        description="Everyone loses access to it at once. This cannot be undone."
        confirmLabel="Delete permanently"
        onClose={close}
        onConfirm={deleteOrganization}
      />
    </SectionCard>
  );
}
