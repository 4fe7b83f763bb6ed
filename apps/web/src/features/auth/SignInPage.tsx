import { Alert, Button, Checkbox, Group, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { FormPage } from "../../components/FormPage";
import { AnchorLink } from "../../components/links";
import { PasswordField } from "../../components/PasswordField";
import { authClient } from "../../lib/auth-client";
import { errorMessage } from "../../lib/errors";
import { notifyError, notifySuccess } from "../../lib/notify";
import { useDevMailboxEnabled } from "../dev-mailbox/mailbox.api";
import { emailField, passwordField } from "./validation";

interface SignInError {
  message: string;
  /** 403 "Email not verified": the server has just sent a fresh verification mail. */
  unverified: boolean;
}

export function SignInPage() {
  const navigate = useNavigate();
  const { refetch: refetchSession } = authClient.useSession();
  const mailboxEnabled = useDevMailboxEnabled();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<SignInError | null>(null);
  const form = useForm({
    initialValues: { email: "", password: "", rememberMe: true },
    validate: { email: emailField, password: passwordField },
  });

  const submit = form.onSubmit(async ({ email, password, rememberMe }) => {
    setSubmitting(true);
    setError(null);
    const result = await authClient.signIn.email({
      email: email.trim(),
      password,
      rememberMe,
      callbackURL: "/account",
    });
    if (result.error) {
      setSubmitting(false);
      const unverified = result.error.status === 403 || result.error.code === "EMAIL_NOT_VERIFIED";
      setError({ message: errorMessage(result.error), unverified });
      notifyError(result.error, "Sign-in failed");
      return;
    }
    // The account page guards on the session store; wait for it to hold the new
    // session so the guard does not bounce us straight back here.
    await refetchSession();
    setSubmitting(false);
    notifySuccess("You are signed in.");
    await navigate({ to: "/account" });
  });

  return (
    <FormPage title="Sign in">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {error && (
            <Alert color={error.unverified ? "yellow" : "red"} role="alert" title={error.message}>
              {error.unverified ? (
                <>
                  Your email address is not verified yet. We just sent you a new verification email — follow the link in it, then sign in
                  again.
                  {mailboxEnabled && (
                    <>
                      {" "}
                      Development mode: open the <AnchorLink to="/dev/mailbox">development mailbox</AnchorLink>.
                    </>
                  )}
                </>
              ) : (
                "Check your email and password and try again."
              )}
            </Alert>
          )}
          <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps("email")} />
          <PasswordField label="Password" autoComplete="current-password" required {...form.getInputProps("password")} />
          <Group justify="space-between">
            <Checkbox label="Remember me" {...form.getInputProps("rememberMe", { type: "checkbox" })} />
            <AnchorLink to="/forgot-password" size="sm">
              Forgot password?
            </AnchorLink>
          </Group>
          <Button type="submit" loading={submitting} fullWidth mt="xs">
            Sign in
          </Button>
          <Text size="sm">
            No account yet? <AnchorLink to="/sign-up">Sign up</AnchorLink>
          </Text>
        </Stack>
      </form>
    </FormPage>
  );
}
