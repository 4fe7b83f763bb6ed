import { useEffect, useRef } from "react";
import { authClient } from "../../lib/auth-client";
import type { AuthCallError } from "../../lib/errors";

/** SPEC §8: what a browser without WebAuthn shows. better-auth's client would only say "Auth cancelled". */
export const webAuthnUnsupportedMessage = "WebAuthn is not supported in this browser";

export function browserSupportsPasskeys(): boolean {
  return typeof window.PublicKeyCredential === "function";
}

/**
 * Errors from the browser's own ceremony (cancelled, aborted by another ceremony, ...) as opposed to
 * the server refusing the passkey. The client reports them with @simplewebauthn's ERROR_* codes, or
 * AUTH_CANCELLED when the browser threw something else.
 */
function isCeremonyError(error: AuthCallError): boolean {
  return error.code === "AUTH_CANCELLED" || Boolean(error.code?.startsWith("ERROR_"));
}

type PasskeyResult = Awaited<ReturnType<typeof authClient.signIn.passkey>>;

/**
 * Clicking "Sign in with a passkey": one modal ceremony. @simplewebauthn aborts whichever ceremony
 * was running when a new one starts, so if the autofill ceremony below started a moment after ours
 * (its options request was still in flight when the person clicked), ours comes back
 * ERROR_CEREMONY_ABORTED although nobody cancelled it — then start it once more.
 */
export async function signInWithPasskey(): Promise<PasskeyResult | { data: null; error: AuthCallError }> {
  if (!browserSupportsPasskeys()) return { data: null, error: { message: webAuthnUnsupportedMessage, status: 400 } };
  const first = await authClient.signIn.passkey();
  if (first.error && "code" in first.error && first.error.code === "ERROR_CEREMONY_ABORTED") return authClient.signIn.passkey();
  return first;
}

/**
 * Passkey autofill (WebAuthn conditional UI): while the sign-in page is open, the browser offers the
 * person's passkeys in the "Email or username" field's suggestions (autocomplete "username webauthn").
 * Cancelling or ignoring the suggestion is not an error worth showing; a passkey the server refuses is.
 */
export function usePasskeyAutofill(handlers: { onSignedIn: () => void; onError: (error: AuthCallError) => void }) {
  const latest = useRef(handlers);
  latest.current = handlers;

  useEffect(() => {
    let active = true;
    void (async () => {
      if (!browserSupportsPasskeys() || typeof PublicKeyCredential.isConditionalMediationAvailable !== "function") return;
      const available = await PublicKeyCredential.isConditionalMediationAvailable().catch(() => false);
      if (!available || !active) return;
      const result = await authClient.signIn.passkey({ autoFill: true });
      if (!active) return;
      if (!result.error) latest.current.onSignedIn();
      else if (!isCeremonyError(result.error)) latest.current.onError(result.error);
    })();
    return () => {
      active = false;
    };
  }, []);
}
