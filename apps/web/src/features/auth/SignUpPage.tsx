import { Alert, Anchor, Button, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { captchaMissingMessage, useCaptcha } from "../../components/Captcha";
import { FormPage } from "../../components/FormPage";
import { AnchorLink } from "../../components/links";
import { PasswordField } from "../../components/PasswordField";
import { authClient } from "../../lib/auth-client";
import { errorMessage } from "../../lib/errors";
import { notifyError, notifySuccess } from "../../lib/notify";
import { DevMailboxHint } from "../dev-mailbox/DevMailboxHint";
import { useSignInMethods } from "./sign-in-methods.api";
import { isLocalPath } from "./use-finish-sign-in";
import {
  defaultUsernameRules,
  type UsernameAvailability,
  usernameRuleProblem,
  usernameRuleText,
  usernameTakenMessage,
  useUsernameAvailability,
} from "./username-availability";
import { emailField, passwordField, requiredField } from "./validation";

// better-auth's username error codes (answered 422 by this server); they belong next to the field.
const usernameErrorCodes = new Set(["USERNAME_IS_ALREADY_TAKEN", "USERNAME_TOO_SHORT", "USERNAME_TOO_LONG", "INVALID_USERNAME"]);

const availabilityColor: Record<UsernameAvailability["state"], string> = {
  empty: "dimmed",
  checking: "dimmed",
  available: "green",
  taken: "red",
  rule: "red",
  error: "red",
};

/** `redirect`: a local path to continue to once the address is verified (an invitation page, say). */
export function SignUpPage({ redirect: requestedRedirect }: { redirect?: string | undefined } = {}) {
  const redirect = isLocalPath(requestedRedirect) ? requestedRedirect : undefined;
  const methods = useSignInMethods();
  const usernameRules = methods.data?.usernameRules ?? defaultUsernameRules;
  const captcha = useCaptcha(methods.data?.captcha);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Set once the account exists; `signedIn` is false when the server requires
  // the email to be verified before the first sign-in.
  const [done, setDone] = useState<{ email: string; signedIn: boolean } | null>(null);
  const form = useForm({
    initialValues: { name: "", email: "", username: "", password: "" },
    validate: {
      name: requiredField("Name"),
      email: emailField,
      username: (value) => (value.trim() ? usernameRuleProblem(value.trim(), usernameRules) : null),
      password: passwordField,
    },
  });
  const availability = useUsernameAvailability(form.values.username, usernameRules);

  const submit = form.onSubmit(async ({ name, email, username, password }) => {
    setError(null);
    if (availability.state === "taken") {
      form.setFieldError("username", usernameTakenMessage);
      return;
    }
    if (!captcha.ready) {
      setError(captchaMissingMessage);
      return;
    }
    setSubmitting(true);
    const result = await authClient.signUp.email({
      name: name.trim(),
      email: email.trim(),
      password,
      // Optional: without one the person signs in with their email only.
      ...(username.trim() ? { username: username.trim() } : {}),
      // The verification link signs the person in and lands on `redirect` when there is one.
      callbackURL: redirect ?? "/email-verified",
      fetchOptions: captcha.fetchOptions,
    });
    captcha.reset();
    setSubmitting(false);
    if (result.error) {
      const message = errorMessage(result.error);
      if (usernameErrorCodes.has(result.error.code ?? "")) form.setFieldError("username", message);
      setError(message);
      notifyError(result.error, "Sign-up failed");
      return;
    }
    notifySuccess("Your account was created.");
    setDone({ email: email.trim(), signedIn: Boolean(result.data?.token) });
  });

  if (done) return <SignUpDone email={done.email} signedIn={done.signedIn} redirect={redirect} />;

  const password = methods.data?.password;
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
          <div>
            <TextInput
              label="Username"
              description={`Optional — lets you sign in without your email. ${usernameRuleText(usernameRules)}`}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              {...form.getInputProps("username")}
            />
            {/* Polite live region: screen readers hear the result once the check settles. Empty while
                the field shows a submit error, so the same sentence is not there twice. */}
            <Text size="sm" mt={4} c={availabilityColor[availability.state]} aria-live="polite">
              {form.errors.username
                ? ""
                : availability.state === "checking"
                  ? "Checking…"
                  : "message" in availability
                    ? availability.message
                    : ""}
            </Text>
          </div>
          <PasswordField
            label="Password"
            description={password ? `${password.minLength} to ${password.maxLength} characters.` : undefined}
            autoComplete="new-password"
            required
            {...form.getInputProps("password")}
          />
          {captcha.widget}
          <Button type="submit" loading={submitting} fullWidth mt="xs">
            Sign up
          </Button>
          <Text size="sm">
            Already have an account?{" "}
            <AnchorLink to="/sign-in" search={{ redirect }}>
              Sign in
            </AnchorLink>
          </Text>
        </Stack>
      </form>
    </FormPage>
  );
}

function SignUpDone({ email, signedIn, redirect }: { email: string; signedIn: boolean; redirect: string | undefined }) {
  return (
    <FormPage title="Check your email">
      <Alert color="green" role="status" title="Check your email to verify your address">
        We sent a verification link to {email}. Follow it to confirm your address
        {signedIn ? "." : " — you may need to do this before you can sign in."}
      </Alert>
      <DevMailboxHint />
      {signedIn && redirect ? (
        <Anchor href={redirect}>Continue</Anchor>
      ) : signedIn ? (
        <AnchorLink to="/account">Go to your account</AnchorLink>
      ) : (
        <AnchorLink to="/sign-in" search={{ redirect }}>
          Go to sign in
        </AnchorLink>
      )}
    </FormPage>
  );
}
