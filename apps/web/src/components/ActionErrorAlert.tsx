import { Alert } from "@mantine/core";
import { type AuthCallError, errorMessage } from "../lib/errors";
import { AnchorLink } from "./links";

/**
 * The server's own message for a refused action. Sensitive actions (unlinking, adding a
 * passkey) want a recent sign-in; for that refusal the way forward matters more than the message.
 */
export function ActionErrorAlert({ error, title }: { error: AuthCallError | null; title?: string }) {
  if (!error) return null;
  if (error.code === "SESSION_NOT_FRESH")
    return (
      <Alert color="yellow" role="alert" title="Please sign in again">
        For your security, this needs a recent sign-in ({errorMessage(error)}). <AnchorLink to="/sign-in">Sign in again</AnchorLink>
      </Alert>
    );
  return (
    <Alert color="red" role="alert" title={title}>
      {errorMessage(error)}
    </Alert>
  );
}
