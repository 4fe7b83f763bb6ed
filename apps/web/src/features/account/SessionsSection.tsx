import { Alert, Badge, Button, Group, Text } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { AnchorLink } from "../../components/links";
import { LoadErrorAlert, QueryView } from "../../components/QueryView";
import { RowButton } from "../../components/RowActions";
import { type AuthSession, authClient } from "../../lib/auth-client";
import { AuthRequestError, unwrap } from "../../lib/errors";
import { notifyError, notifySuccess } from "../../lib/notify";
import { sessionsQueryKey, useSessions } from "./account.queries";
import { SectionCard } from "./SectionCard";
import { SessionsTable } from "./SessionsTable";

export function SessionsSection({ currentSession }: { currentSession: AuthSession["session"] }) {
  const queryClient = useQueryClient();
  const sessions = useSessions();
  const refresh = () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey });

  const revoke = useMutation({
    mutationFn: async (token: string) => unwrap(await authClient.revokeSession({ token })),
    onSuccess: () => notifySuccess("The session was signed out."),
    onError: (error) => notifyError(error, "Could not revoke the session"),
    onSettled: refresh,
  });
  const revokeOthers = useMutation({
    mutationFn: async () => unwrap(await authClient.revokeOtherSessions()),
    onSuccess: () => notifySuccess("All other sessions were signed out."),
    onError: (error) => notifyError(error, "Could not sign out other sessions"),
    onSettled: refresh,
  });

  // Tokens identify sessions for revocation; ids are the fallback for matching
  // the current one in case a server build omits tokens from the list.
  const isCurrent = (session: { id: string; token?: string }) =>
    session.token ? session.token === currentSession.token : session.id === currentSession.id;

  return (
    <SectionCard title="Sessions" description="Every browser or device currently signed in to your account.">
      <QueryView
        query={sessions}
        loadingLabel="Loading sessions"
        renderError={(error) =>
          error instanceof AuthRequestError && error.code === "SESSION_NOT_FRESH" ? (
            // Listing sessions is a sensitive action: better-auth wants a recent sign-in for it.
            <Alert color="yellow" role="alert" title="Please sign in again">
              For your security, your sessions are shown only after a recent sign-in. <AnchorLink to="/sign-in">Sign in again</AnchorLink>
            </Alert>
          ) : (
            <LoadErrorAlert title="Could not load your sessions" error={error} />
          )
        }
      >
        {(list) => (
          <>
            <SessionsTable
              caption="Devices signed in to your account"
              sessions={list}
              badge={(session) => isCurrent(session) && <Badge color="green">This device</Badge>}
              actions={(session, device) =>
                isCurrent(session) ? (
                  <Text size="sm" c="dimmed">
                    Current
                  </Text>
                ) : (
                  <RowButton
                    danger
                    label={`Revoke session ${device}`}
                    loading={revoke.isPending && revoke.variables === session.token}
                    onClick={() => revoke.mutate(session.token)}
                  >
                    Revoke
                  </RowButton>
                )
              }
            />
            <Group>
              <Button
                color="red"
                variant="outline"
                disabled={!list.some((session) => !isCurrent(session))}
                loading={revokeOthers.isPending}
                onClick={() => revokeOthers.mutate()}
              >
                Sign out all other sessions
              </Button>
            </Group>
          </>
        )}
      </QueryView>
    </SectionCard>
  );
}
