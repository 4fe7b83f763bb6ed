import { Button, Stack } from "@mantine/core";
import { useState } from "react";
import { authClient } from "../../lib/auth-client";
import { errorMessage } from "../../lib/errors";
import { signInWithPasskey } from "./passkey-sign-in";
import type { SignInProblem } from "./sign-in-problems";

interface Props {
  providers: { id: string; name: string }[];
  onStart: () => void;
  onProblem: (problem: SignInProblem) => void;
  onSignedIn: () => Promise<void>;
}

/** Passkey and provider buttons: sign-in methods that need nothing typed into the form. */
export function SignInAlternatives({ providers, onStart, onProblem, onSignedIn }: Props) {
  // Which button is busy: "passkey" or a provider id.
  const [busy, setBusy] = useState<string | null>(null);

  const passkey = async () => {
    onStart();
    setBusy("passkey");
    const result = await signInWithPasskey();
    if (result.error) {
      setBusy(null);
      onProblem({
        title: errorMessage(result.error),
        body: "The passkey sign-in did not finish. Try again, or sign in another way.",
      });
      return;
    }
    await onSignedIn();
  };

  const social = async (provider: { id: string; name: string }) => {
    onStart();
    setBusy(provider.id);
    // Generic OIDC providers go through /sign-in/social too in better-auth 1.7. On success the
    // client sends the browser to the provider; failures come back as /sign-in?error=<code>.
    const result = await authClient.signIn.social({
      provider: provider.id,
      callbackURL: "/account",
      newUserCallbackURL: "/account",
      errorCallbackURL: "/sign-in",
    });
    if (result.error) {
      setBusy(null);
      onProblem({ title: `Could not continue with ${provider.name}`, body: errorMessage(result.error) });
    }
  };

  return (
    <Stack gap="xs">
      <Button variant="default" fullWidth loading={busy === "passkey"} disabled={busy !== null && busy !== "passkey"} onClick={passkey}>
        Sign in with a passkey
      </Button>
      {providers.map((provider) => (
        <Button
          key={provider.id}
          variant="default"
          fullWidth
          loading={busy === provider.id}
          disabled={busy !== null && busy !== provider.id}
          onClick={() => social(provider)}
        >
          Continue with {provider.name}
        </Button>
      ))}
    </Stack>
  );
}
