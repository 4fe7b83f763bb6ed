import { useNavigate, useRouter } from "@tanstack/react-router";
import { authClient } from "../../lib/auth-client";
import { notifySuccess } from "../../lib/notify";

/**
 * The last step of every in-page sign-in (password, username, passkey, second factor). The account
 * page guards on the session store, so wait for it to hold the new session first; otherwise the
 * guard sees the old null and bounces straight back to /sign-in.
 */
export function useFinishSignIn() {
  const navigate = useNavigate();
  const router = useRouter();
  const { refetch: refetchSession } = authClient.useSession();
  return async (target?: string) => {
    await refetchSession();
    notifySuccess("You are signed in.");
    if (isLocalPath(target)) router.history.push(target);
    else await navigate({ to: "/account" });
  };
}

/** Only a path on this site: "//evil.example" and "https://…" would send the person elsewhere. */
export const isLocalPath = (target: string | undefined): target is string =>
  typeof target === "string" && target.startsWith("/") && !target.startsWith("//") && !target.startsWith("/\\");
