import { Badge, Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { type AuthSession, authClient } from "../../lib/auth-client";
import { notifyError, notifySuccess } from "../../lib/notify";
import { emailField } from "../auth/validation";
import { SectionCard } from "./SectionCard";

export function EmailSection({ user }: { user: AuthSession["user"] }) {
  const [changing, setChanging] = useState(false);
  const [resending, setResending] = useState(false);
  const form = useForm({
    initialValues: { newEmail: "" },
    validate: {
      newEmail: (value) =>
        emailField(value) ?? (value.trim().toLowerCase() === user.email.toLowerCase() ? "That is already your email" : null),
    },
  });

  const changeEmail = form.onSubmit(async ({ newEmail }) => {
    setChanging(true);
    const result = await authClient.changeEmail({
      newEmail: newEmail.trim(),
      callbackURL: "/account",
    });
    setChanging(false);
    if (result.error) {
      notifyError(result.error, "Could not change your email");
      return;
    }
    form.reset();
    // Depending on server settings the change is immediate (unverified address) or
    // waits for a confirmation link; one message covers both without guessing.
    notifySuccess(
      "If a confirmation is needed, we sent a link by email. Your address changes once it is followed.",
      "Email change requested",
    );
  });

  const resendVerification = async () => {
    setResending(true);
    const result = await authClient.sendVerificationEmail({
      email: user.email,
      callbackURL: "/email-verified",
    });
    setResending(false);
    if (result.error) notifyError(result.error, "Could not send the email");
    else notifySuccess(`We sent a verification link to ${user.email}.`, "Verification email sent");
  };

  return (
    <Stack gap="md">
      <SectionCard title="Email address">
        <Group gap="sm">
          <Text fw={600}>{user.email}</Text>
          {user.emailVerified ? <Badge color="green">Verified</Badge> : <Badge color="yellow">Not verified</Badge>}
        </Group>
        {!user.emailVerified && (
          <Group>
            <Button variant="default" onClick={resendVerification} loading={resending}>
              Resend verification email
            </Button>
          </Group>
        )}
      </SectionCard>
      <SectionCard title="Change email">
        <form onSubmit={changeEmail} noValidate>
          <Stack gap="sm">
            <TextInput label="New email" type="email" autoComplete="email" required {...form.getInputProps("newEmail")} />
            <Group>
              <Button type="submit" loading={changing}>
                Change email
              </Button>
            </Group>
          </Stack>
        </form>
      </SectionCard>
    </Stack>
  );
}
