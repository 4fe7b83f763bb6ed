import { Alert, Button, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { FormPage } from "../../components/FormPage";
import { AnchorLink } from "../../components/links";
import { PasswordField } from "../../components/PasswordField";
import { authClient } from "../../lib/auth-client";
import { errorMessage } from "../../lib/errors";
import { notifyError, notifySuccess } from "../../lib/notify";
import { useDevMailboxEnabled } from "../dev-mailbox/mailbox.api";
import { emailField, passwordField, requiredField } from "./validation";

export function SignUpPage() {
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Set once the account exists; `signedIn` is false when the server requires
  // the email to be verified before the first sign-in.
  const [done, setDone] = useState<{ email: string; signedIn: boolean } | null>(null);
  const form = useForm({
    initialValues: { name: "", email: "", password: "" },
    validate: { name: requiredField("Name"), email: emailField, password: passwordField },
  });

  const submit = form.onSubmit(async ({ name, email, password }) => {
    setSubmitting(true);
    setError(null);
    const result = await authClient.signUp.email({
      name: name.trim(),
      email: email.trim(),
      password,
      callbackURL: "/email-verified",
    });
    setSubmitting(false);
    if (result.error) {
      setError(errorMessage(result.error));
      notifyError(result.error, "Sign-up failed");
      return;
    }
    notifySuccess("Your account was created.");
    setDone({ email: email.trim(), signedIn: Boolean(result.data?.token) });
  });

  if (done) return <SignUpDone email={done.email} signedIn={done.signedIn} />;

  return (
    <FormPage title="Create your account">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {error && (
            <Alert color="red" role="alert" title="Could not sign up">
              {error}
            </Alert>
          )}
          <TextInput label="Name" autoComplete="name" required {...form.getInputProps("name")} />
          <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps("email")} />
          <PasswordField label="Password" autoComplete="new-password" required {...form.getInputProps("password")} />
          <Button type="submit" loading={submitting} fullWidth mt="xs">
            Sign up
          </Button>
          <Text size="sm">
            Already have an account? <AnchorLink to="/sign-in">Sign in</AnchorLink>
          </Text>
        </Stack>
      </form>
    </FormPage>
  );
}

function SignUpDone({ email, signedIn }: { email: string; signedIn: boolean }) {
  const mailboxEnabled = useDevMailboxEnabled();
  return (
    <FormPage title="Check your email">
      <Alert color="green" role="status" title="Check your email to verify your address">
        We sent a verification link to {email}. Follow it to confirm your address
        {signedIn ? "." : " — you may need to do this before you can sign in."}
      </Alert>
      {mailboxEnabled && (
        <Text size="sm">
          Development mode: read the mail in the <AnchorLink to="/dev/mailbox">development mailbox</AnchorLink>.
        </Text>
      )}
      {signedIn ? <AnchorLink to="/account">Go to your account</AnchorLink> : <AnchorLink to="/sign-in">Go to sign in</AnchorLink>}
    </FormPage>
  );
}
