import { Badge, Button, Group, Text } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { QueryView } from "../../components/QueryView";
import { RowButton } from "../../components/RowActions";
import { authClient } from "../../lib/auth-client";
import { unwrap } from "../../lib/errors";
import { formatDateTime } from "../../lib/format";
import { notifyError, notifySuccess } from "../../lib/notify";
import { SectionCard } from "../account/SectionCard";
import { SessionsTable } from "../account/SessionsTable";
import { adminKeys, useUserSessions } from "./admin.queries";

/** A user's live sessions; revoking one signs that device out at its next request. */
export function UserSessionsSection({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const sessions = useUserSessions(userId);
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.sessions(userId) });

  const revoke = useMutation({
    mutationFn: async (sessionToken: string) => unwrap(await authClient.admin.revokeUserSession({ sessionToken })),
    onSuccess: () => notifySuccess("The session was signed out."),
    onError: (error) => notifyError(error, "Could not revoke the session"),
    onSettled: refresh,
  });
  const revokeAll = useMutation({
    mutationFn: async () => unwrap(await authClient.admin.revokeUserSessions({ userId })),
    onSuccess: () => notifySuccess("Every session of this user was signed out."),
    onError: (error) => notifyError(error, "Could not revoke the sessions"),
    onSettled: refresh,
  });

  return (
    <SectionCard title="Sessions" description="Every browser or device signed in to this account.">
      <QueryView
        query={sessions}
        loadingLabel="Loading sessions"
        errorTitle="Could not load the sessions"
        empty={
          <Text size="sm" c="dimmed">
            No active sessions.
          </Text>
        }
      >
        {(list) => (
          <SessionsTable
            caption="Devices signed in to this account"
            sessions={list}
            badge={(session) =>
              session.impersonatedBy && (
                <Badge color="orange" variant="light">
                  Impersonation
                </Badge>
              )
            }
            actions={(session, device) => (
              <RowButton
                danger
                label={`Revoke session ${device}, created ${formatDateTime(session.createdAt)}`}
                loading={revoke.isPending && revoke.variables === session.token}
                onClick={() => revoke.mutate(session.token)}
              >
                Revoke
              </RowButton>
            )}
          />
        )}
      </QueryView>
      <Group>
        <Button
          color="red"
          variant="outline"
          disabled={!sessions.data?.length}
          loading={revokeAll.isPending}
          onClick={() => revokeAll.mutate()}
        >
          Revoke all sessions
        </Button>
      </Group>
    </SectionCard>
  );
}
