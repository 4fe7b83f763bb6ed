import { Alert, Button, Stack } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { FormPage } from "../../components/FormPage";
import { AnchorLink } from "../../components/links";
import { PasswordField } from "../../components/PasswordField";
import { authClient } from "../../lib/auth-client";
import { errorMessage } from "../../lib/errors";
import { notifyError, notifySuccess } from "../../lib/notify";
import { matchesField, passwordField } from "./validation";

export interface ResetPasswordSearch {
  token?: string | undefined;
  error?: string | undefined;
}

/** Landing for the link in the reset mail; the server redirects here with ?token= or ?error=INVALID_TOKEN. */
export function ResetPasswordPage({ token, error }: ResetPasswordSearch) {
  if (error || !token) {
    return (
      <FormPage title="Reset your password">
        <Alert color="red" role="alert">
          This reset link is invalid or has expired.
        </Alert>
        <AnchorLink to="/forgot-password">Request a new reset link</AnchorLink>
      </FormPage>
    );
  }
  return <ResetPasswordForm token={token} />;
}

function ResetPasswordForm({ token }: { token: string }) {
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const form = useForm({
    initialValues: { newPassword: "", confirmPassword: "" },
    validate: {
      newPassword: passwordField,
      confirmPassword: matchesField<{ newPassword: string; confirmPassword: string }>("newPassword"),
    },
  });

  const submit = form.onSubmit(async ({ newPassword }) => {
    setSubmitting(true);
    setError(null);
    const result = await authClient.resetPassword({ newPassword, token });
    setSubmitting(false);
    if (result.error) {
      setError(errorMessage(result.error));
      notifyError(result.error, "Could not reset the password");
      return;
    }
    notifySuccess("Your password was reset.");
    setDone(true);
  });

  if (done) {
    return (
      <FormPage title="Password reset">
        <Alert color="green" role="status">
          Your password was reset. You can now sign in with your new password.
        </Alert>
        <AnchorLink to="/sign-in">Sign in</AnchorLink>
      </FormPage>
    );
  }

  return (
    <FormPage title="Choose a new password">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {error && (
            <Alert color="red" role="alert" title="Could not reset the password">
              {error} <AnchorLink to="/forgot-password">Request a new reset link</AnchorLink>
            </Alert>
          )}
          <PasswordField label="New password" autoComplete="new-password" required {...form.getInputProps("newPassword")} />
          <PasswordField label="Confirm password" autoComplete="new-password" required {...form.getInputProps("confirmPassword")} />
          <Button type="submit" loading={submitting} fullWidth>
            Reset password
          </Button>
        </Stack>
      </form>
    </FormPage>
  );
}
