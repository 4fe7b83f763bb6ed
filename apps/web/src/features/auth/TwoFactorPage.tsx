import { Alert, Button, Checkbox, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { FormPage } from "../../components/FormPage";
import { AnchorLink } from "../../components/links";
import { authClient } from "../../lib/auth-client";
import { errorMessage } from "../../lib/errors";
import { useFinishSignIn } from "./use-finish-sign-in";

type Mode = "totp" | "backup";

interface Problem {
  message: string;
  /** The pending sign-in (a short-lived cookie set by the password step) is gone: start over. */
  restart: boolean;
}

/**
 * The second step of a password sign-in for accounts with two-factor authentication. better-auth
 * holds the half-finished sign-in in a cookie; a code from the authenticator app, or one of the
 * backup codes shown when two-factor was enabled, completes it. Magic-link and provider sign-ins
 * arrive here too, with the page they were heading for in `callbackURL`.
 */
export function TwoFactorPage({ callbackURL }: { callbackURL?: string | undefined }) {
  const finishSignIn = useFinishSignIn();
  const [mode, setMode] = useState<Mode>("totp");
  const [submitting, setSubmitting] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const form = useForm({
    initialValues: { code: "", trustDevice: false },
    validate: { code: (value) => (value.trim() ? null : "Enter a code") },
  });

  const switchTo = (next: Mode) => {
    setMode(next);
    setProblem(null);
    form.setFieldValue("code", "");
    form.clearErrors();
  };

  const submit = form.onSubmit(async ({ code, trustDevice }) => {
    setSubmitting(true);
    setProblem(null);
    // Authenticator apps and people paste codes with spaces ("123 456"); the server wants digits only.
    const entered = mode === "totp" ? code.replace(/\s+/g, "") : code.trim();
    const result =
      mode === "totp"
        ? await authClient.twoFactor.verifyTotp({ code: entered, trustDevice })
        : await authClient.twoFactor.verifyBackupCode({ code: entered, trustDevice });
    if (result.error) {
      setSubmitting(false);
      // Wrong codes are 401 as well; only these two mean the pending sign-in itself is gone.
      const restart = result.error.code === "INVALID_TWO_FACTOR_COOKIE" || result.error.code === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE";
      setProblem({ message: errorMessage(result.error), restart });
      return;
    }
    await finishSignIn(callbackURL);
  });

  return (
    <FormPage title="Two-factor authentication">
      {problem && (
        <Alert color="red" role="alert" title={problem.restart ? "This sign-in attempt has ended" : problem.message}>
          {problem.restart ? (
            <>
              Please{" "}
              <AnchorLink to="/sign-in" inherit>
                sign in again
              </AnchorLink>{" "}
              with your password, then enter a fresh code.
            </>
          ) : mode === "totp" ? (
            "Check the code in your authenticator app and try again."
          ) : (
            "Check the backup code and try again. Each backup code works once."
          )}
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {mode === "totp" ? (
            <>
              <Text size="sm">Enter the 6-digit code from your authenticator app.</Text>
              <TextInput
                key="totp"
                label="Authentication code"
                inputMode="numeric"
                autoComplete="one-time-code"
                required
                data-autofocus
                {...form.getInputProps("code")}
              />
            </>
          ) : (
            <>
              <Text size="sm">Enter one of the backup codes you saved when you turned on two-factor authentication.</Text>
              <TextInput key="backup" label="Backup code" autoComplete="off" spellCheck={false} required {...form.getInputProps("code")} />
            </>
          )}
          <Checkbox
            label="Trust this device"
            description="Skip this step on this device for 30 days."
            {...form.getInputProps("trustDevice", { type: "checkbox" })}
          />
          <Button type="submit" loading={submitting} fullWidth mt="xs">
            Verify
          </Button>
          <Button variant="subtle" onClick={() => switchTo(mode === "totp" ? "backup" : "totp")}>
            {mode === "totp" ? "Use a backup code" : "Use your authenticator app"}
          </Button>
          <AnchorLink to="/sign-in" size="sm">
            Back to sign in
          </AnchorLink>
        </Stack>
      </form>
    </FormPage>
  );
}
