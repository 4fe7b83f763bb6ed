import { Navigate, useLocation } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { PageLoader } from "../../components/PageLoader";
import { type AuthSession, authClient } from "../../lib/auth-client";

/** Renders its page for a signed-in person; anyone else goes to sign-in and comes back here after. */
export function SignedInOnly({ label, children }: { label: string; children: (session: AuthSession) => ReactNode }) {
  const { data: session, isPending, isRefetching } = authClient.useSession();
  const href = useLocation({ select: (location) => location.href });
  // While a refetch is in flight the store may still hold the pre-sign-in null.
  if (!session && (isPending || isRefetching)) return <PageLoader label={label} />;
  if (!session) return <Navigate to="/sign-in" search={{ redirect: href }} replace />;
  return children(session);
}
