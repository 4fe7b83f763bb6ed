import { Button, Checkbox, Group, Stack } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { PasswordField } from "../../components/PasswordField";
import { authClient } from "../../lib/auth-client";
import { notifyError, notifySuccess } from "../../lib/notify";
import { matchesField, passwordField } from "../auth/validation";
import { sessionsQueryKey } from "./account.queries";
import { SectionCard } from "./SectionCard";

type PasswordValues = {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
  revokeOtherSessions: boolean;
};

export function PasswordSection() {
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const form = useForm<PasswordValues>({
    initialValues: {
      currentPassword: "",
      newPassword: "",
      confirmPassword: "",
      revokeOtherSessions: false,
    },
    validate: {
      currentPassword: passwordField,
      newPassword: passwordField,
      confirmPassword: matchesField<PasswordValues>("newPassword"),
    },
  });

  const submit = form.onSubmit(async ({ currentPassword, newPassword, revokeOtherSessions }) => {
    setSaving(true);
    const result = await authClient.changePassword({
      currentPassword,
      newPassword,
      revokeOtherSessions,
    });
    setSaving(false);
    if (result.error) {
      notifyError(result.error, "Could not change your password");
      return;
    }
    form.reset();
    // Revoking other sessions changes the sessions tab; drop its cache.
    await queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
    notifySuccess(revokeOtherSessions ? "Password changed. Your other sessions were signed out." : "Password changed.");
  });

  return (
    <SectionCard title="Change password">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <PasswordField label="Current password" autoComplete="current-password" required {...form.getInputProps("currentPassword")} />
          <PasswordField label="New password" autoComplete="new-password" required {...form.getInputProps("newPassword")} />
          <PasswordField label="Confirm password" autoComplete="new-password" required {...form.getInputProps("confirmPassword")} />
          <Checkbox label="Sign out other sessions" {...form.getInputProps("revokeOtherSessions", { type: "checkbox" })} />
          <Group>
            <Button type="submit" loading={saving}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
