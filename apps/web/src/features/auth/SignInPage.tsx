import { Alert, Button, Checkbox, Divider, Group, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { captchaMissingMessage, useCaptcha } from "../../components/Captcha";
import { FormPage } from "../../components/FormPage";
import { AnchorLink } from "../../components/links";
import { PasswordField } from "../../components/PasswordField";
import { authClient } from "../../lib/auth-client";
import { errorMessage } from "../../lib/errors";
import { notifyError } from "../../lib/notify";
import { DevMailboxHint } from "../dev-mailbox/DevMailboxHint";
import { useDevMailboxEnabled } from "../dev-mailbox/mailbox.api";
import { usePasskeyAutofill } from "./passkey-sign-in";
import { SignInAlternatives } from "./SignInAlternatives";
import { useSignInMethods } from "./sign-in-methods.api";
import { credentialProblem, redirectProblem, type SignInProblem, SignInProblemAlert } from "./sign-in-problems";
import { isLocalPath, useFinishSignIn } from "./use-finish-sign-in";
import { emailField, passwordField } from "./validation";

export interface SignInSearch {
  /** Set by better-auth when an OAuth or magic-link redirect failed (errorCallbackURL "/sign-in"). */
  error?: string | undefined;
  error_description?: string | undefined;
  /** A local path to continue to after signing in (an invitation page, say); anything else is ignored. */
  redirect?: string | undefined;
}

const looksLikeEmail = (value: string) => value.includes("@");

function identifierField(value: string) {
  if (!value.trim()) return "Enter your email or username";
  return looksLikeEmail(value) ? emailField(value) : null;
}

/**
 * Every configured way in on one screen: email or username with a password, a mailed link, a
 * passkey (button or browser autofill) and one button per social/OIDC provider.
 */
export function SignInPage({ error: redirectError, error_description: redirectDescription, redirect: requestedRedirect }: SignInSearch) {
  const navigate = useNavigate();
  const redirect = isLocalPath(requestedRedirect) ? requestedRedirect : undefined;
  const finishSignIn = useFinishSignIn();
  const mailboxEnabled = useDevMailboxEnabled();
  const methods = useSignInMethods();
  const captcha = useCaptcha(methods.data?.captcha);
  const [submitting, setSubmitting] = useState<"password" | "magic-link" | null>(null);
  const [problem, setProblem] = useState<SignInProblem | null>(redirectError ? redirectProblem(redirectError, redirectDescription) : null);
  const [magicLinkSentTo, setMagicLinkSentTo] = useState<string | null>(null);
  const form = useForm({
    initialValues: { identifier: "", password: "", rememberMe: true },
    validate: { identifier: identifierField, password: passwordField },
  });

  usePasskeyAutofill({
    onSignedIn: () => void finishSignIn(redirect),
    onError: (error) => setProblem({ title: errorMessage(error), body: "Your passkey was not accepted. Sign in another way." }),
  });

  const submit = form.onSubmit(async ({ identifier, password, rememberMe }) => {
    setProblem(null);
    if (!captcha.ready) {
      setProblem({ title: captchaMissingMessage });
      return;
    }
    setSubmitting("password");
    const by = looksLikeEmail(identifier) ? "email" : "username";
    const fetchOptions = captcha.fetchOptions;
    const result =
      by === "email"
        ? await authClient.signIn.email({
            email: identifier.trim(),
            password,
            rememberMe,
            callbackURL: redirect ?? "/account",
            fetchOptions,
          })
        : await authClient.signIn.username({ username: identifier.trim(), password, rememberMe, fetchOptions });
    captcha.reset();
    if (result.error) {
      setSubmitting(null);
      setProblem(credentialProblem(result.error, by, mailboxEnabled));
      notifyError(result.error, "Sign-in failed");
      return;
    }
    // The password was right but the account asks for a second factor: no session yet.
    if (result.data && "twoFactorRedirect" in result.data && result.data.twoFactorRedirect) {
      await navigate({ to: "/two-factor", search: { callbackURL: redirect } });
      return;
    }
    await finishSignIn(redirect);
  });

  const sendMagicLink = async () => {
    setProblem(null);
    const email = form.values.identifier.trim();
    if (!email || !looksLikeEmail(email)) {
      form.setFieldError(
        "identifier",
        email
          ? "A sign-in link goes to an email address: enter your email instead of your username"
          : "Enter your email to get a sign-in link",
      );
      return;
    }
    const invalid = emailField(email);
    if (invalid) {
      form.setFieldError("identifier", invalid);
      return;
    }
    setSubmitting("magic-link");
    const result = await authClient.signIn.magicLink({
      email,
      callbackURL: redirect ?? "/account",
      newUserCallbackURL: redirect ?? "/account",
      errorCallbackURL: "/sign-in",
    });
    setSubmitting(null);
    if (result.error) {
      setProblem({ title: "Could not send the sign-in link", body: errorMessage(result.error) });
      return;
    }
    setMagicLinkSentTo(email);
  };

  if (magicLinkSentTo) {
    return (
      <FormPage title="Check your email">
        <Alert color="green" role="status" title="Your sign-in link is on its way">
          We sent a sign-in link to {magicLinkSentTo}. Open it in this browser to sign in; it works once and only for a few minutes.
        </Alert>
        <DevMailboxHint />
        <Button variant="default" onClick={() => setMagicLinkSentTo(null)}>
          Back to sign in
        </Button>
      </FormPage>
    );
  }

  return (
    <FormPage title="Sign in">
      {problem && <SignInProblemAlert problem={problem} />}
      {methods.isError && (
        <Alert color="yellow" role="status">
          Some sign-in options could not be loaded. Reload the page to see them all.
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {/* "webauthn" lets the browser offer passkeys in this field's suggestions (conditional UI). */}
          <TextInput label="Email or username" autoComplete="username webauthn" required {...form.getInputProps("identifier")} />
          <PasswordField label="Password" autoComplete="current-password" required {...form.getInputProps("password")} />
          <Group justify="space-between">
            <Checkbox label="Remember me" {...form.getInputProps("rememberMe", { type: "checkbox" })} />
            <AnchorLink to="/forgot-password" size="sm">
              Forgot password?
            </AnchorLink>
          </Group>
          {captcha.widget}
          <Button type="submit" loading={submitting === "password"} disabled={submitting === "magic-link"} fullWidth mt="xs">
            Sign in
          </Button>
        </Stack>
      </form>
      <Divider label="or" labelPosition="center" />
      <Stack gap="xs">
        <Button
          variant="default"
          fullWidth
          loading={submitting === "magic-link"}
          disabled={submitting === "password"}
          onClick={sendMagicLink}
        >
          Email me a sign-in link
        </Button>
        <SignInAlternatives
          providers={methods.data?.socialProviders ?? []}
          onStart={() => setProblem(null)}
          onProblem={setProblem}
          onSignedIn={() => finishSignIn(redirect)}
        />
      </Stack>
      <Text size="sm">
        No account yet?{" "}
        <AnchorLink to="/sign-up" search={{ redirect }}>
          Sign up
        </AnchorLink>
      </Text>
    </FormPage>
  );
}
