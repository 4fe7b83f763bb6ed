import { Alert, Button, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { captchaMissingMessage, useCaptcha } from "../../components/Captcha";
import { FormPage } from "../../components/FormPage";
import { AnchorLink } from "../../components/links";
import { authClient } from "../../lib/auth-client";
import { notifyError } from "../../lib/notify";
import { DevMailboxHint } from "../dev-mailbox/DevMailboxHint";
import { useSignInMethods } from "./sign-in-methods.api";
import { emailField } from "./validation";

export function ForgotPasswordPage() {
  const captcha = useCaptcha(useSignInMethods().data?.captcha);
  const [submitting, setSubmitting] = useState(false);
  const [sent, setSent] = useState(false);
  const form = useForm({ initialValues: { email: "" }, validate: { email: emailField } });

  const submit = form.onSubmit(async ({ email }) => {
    if (!captcha.ready) {
      form.setFieldError("email", captchaMissingMessage);
      return;
    }
    setSubmitting(true);
    const result = await authClient.requestPasswordReset({
      email: email.trim(),
      redirectTo: "/reset-password",
      fetchOptions: captcha.fetchOptions,
    });
    captcha.reset();
    setSubmitting(false);
    // The server answers the same way whether or not the account exists, so
    // only transport or validation failures (rate limit, bad input) reach here.
    if (result.error) {
      notifyError(result.error, "Could not send the link");
      return;
    }
    setSent(true);
  });

  return (
    <FormPage title="Forgot your password?">
      {sent ? (
        <Stack gap="sm">
          <Alert color="green" role="status">
            If an account exists for that email, we sent a link to reset your password.
          </Alert>
          <DevMailboxHint />
          <AnchorLink to="/sign-in">Back to sign in</AnchorLink>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Text size="sm">Enter your email and we will send you a link to choose a new password.</Text>
            <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps("email")} />
            {captcha.widget}
            <Button type="submit" loading={submitting} fullWidth>
              Send reset link
            </Button>
            <AnchorLink to="/sign-in" size="sm">
              Back to sign in
            </AnchorLink>
          </Stack>
        </form>
      )}
    </FormPage>
  );
}
