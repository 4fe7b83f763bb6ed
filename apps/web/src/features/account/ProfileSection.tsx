import { Avatar, Button, Group, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import type { AuthSession } from "../../lib/auth-client";
import { authClient } from "../../lib/auth-client";
import { notifyError, notifySuccess } from "../../lib/notify";
import { optionalUrlField, requiredField } from "../auth/validation";
import { SectionCard } from "./SectionCard";

export function ProfileSection({ user }: { user: AuthSession["user"] }) {
  const [saving, setSaving] = useState(false);
  const form = useForm({
    initialValues: { name: user.name, image: user.image ?? "" },
    validate: { name: requiredField("Name"), image: optionalUrlField },
  });

  const submit = form.onSubmit(async ({ name, image }) => {
    setSaving(true);
    // An empty field clears the picture rather than leaving the old one.
    const result = await authClient.updateUser({ name: name.trim(), image: image.trim() || null });
    setSaving(false);
    if (result.error) {
      notifyError(result.error, "Could not save your profile");
      return;
    }
    // better-auth refreshes the session store after update-user, so the header updates too.
    form.resetDirty();
    notifySuccess("Your profile was saved.");
  });

  return (
    <SectionCard title="Profile">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Group align="flex-end">
            <Avatar src={form.values.image.trim() || null} name={form.values.name} size="lg" alt="" />
          </Group>
          <TextInput label="Name" autoComplete="name" required {...form.getInputProps("name")} />
          <TextInput label="Image URL" type="url" autoComplete="photo" placeholder="https://…" {...form.getInputProps("image")} />
          <Group>
            <Button type="submit" loading={saving}>
              Save profile
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
