import { useNavigate } from "@tanstack/react-router";
import { authClient } from "../../lib/auth-client";
import { notifySuccess } from "../../lib/notify";

/**
 * The last step of every in-page sign-in (password, username, passkey, second factor). The account
 * page guards on the session store, so wait for it to hold the new session first; otherwise the
 * guard sees the old null and bounces straight back to /sign-in.
 */
export function useFinishSignIn() {
  const navigate = useNavigate();
  const { refetch: refetchSession } = authClient.useSession();
  return async () => {
    await refetchSession();
    notifySuccess("You are signed in.");
    await navigate({ to: "/account" });
  };
}
