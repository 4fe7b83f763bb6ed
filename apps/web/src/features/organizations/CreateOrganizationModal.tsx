import { Modal, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { ActionErrorAlert } from "../../components/ActionErrorAlert";
import { ModalActions } from "../../components/ModalActions";
import { authClient } from "../../lib/auth-client";
import type { AuthCallError } from "../../lib/errors";
import { notifySuccess } from "../../lib/notify";
import { optionalUrlField, requiredField } from "../auth/validation";
import { useRefreshOrganizations } from "./organization.queries";
import { availabilityColor, availabilityText, slugField, suggestSlug, useSlugAvailability } from "./slug";

/** Name, slug (suggested from the name until edited, checked live) and an optional logo URL. */
export function CreateOrganizationModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const refresh = useRefreshOrganizations();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AuthCallError | null>(null);
  // Once the person types a slug of their own, renaming no longer overwrites it.
  const [slugEdited, setSlugEdited] = useState(false);
  const form = useForm({
    initialValues: { name: "", slug: "", logo: "" },
    validate: { name: requiredField("Name"), slug: slugField, logo: optionalUrlField },
  });
  const availability = useSlugAvailability(form.values.slug);

  const close = () => {
    form.reset();
    setSlugEdited(false);
    setError(null);
    onClose();
  };

  const submit = form.onSubmit(async ({ name, slug, logo }) => {
    if (availability.state === "taken") {
      form.setFieldError("slug", availability.message);
      return;
    }
    setBusy(true);
    setError(null);
    const result = await authClient.organization.create({
      name: name.trim(),
      slug: slug.trim(),
      ...(logo.trim() ? { logo: logo.trim() } : {}),
    });
    setBusy(false);
    if (result.error) {
      setError(result.error);
      return;
    }
    notifySuccess(`${result.data.name} was created.`);
    close();
    await refresh({ session: true });
    await navigate({ to: "/organizations/$slug", params: { slug: result.data.slug } });
  });

  const nameProps = form.getInputProps("name");
  const slugProps = form.getInputProps("slug");
  return (
    <Modal opened={opened} onClose={close} title="Create organization" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <ActionErrorAlert error={error} title="Could not create the organization" />
          <TextInput
            label="Name"
            required
            data-autofocus
            {...nameProps}
            onChange={(event) => {
              nameProps.onChange(event);
              if (!slugEdited) form.setFieldValue("slug", suggestSlug(event.currentTarget.value));
            }}
          />
          <div>
            <TextInput
              label="Slug"
              description="Part of the organization's address; lowercase letters, digits and hyphens."
              required
              autoCapitalize="none"
              spellCheck={false}
              {...slugProps}
              onChange={(event) => {
                slugProps.onChange(event);
                setSlugEdited(true);
              }}
            />
            {/* Polite live region: screen readers hear the check's result once it settles. */}
            <Text size="sm" mt={4} c={availabilityColor[availability.state]} aria-live="polite">
              {form.errors.slug ? "" : availabilityText(availability)}
            </Text>
          </div>
          <TextInput label="Logo URL" type="url" placeholder="https://…" {...form.getInputProps("logo")} />
          <ModalActions confirmLabel="Create organization" loading={busy} onCancel={close} />
        </Stack>
      </form>
    </Modal>
  );
}
