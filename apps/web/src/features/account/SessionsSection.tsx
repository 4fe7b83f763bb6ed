import { Alert, Badge, Button, Group, Stack, Table, Text } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { AnchorLink } from "../../components/links";
import { PageLoader } from "../../components/PageLoader";
import { type AuthSession, authClient } from "../../lib/auth-client";
import { AuthRequestError, unwrap } from "../../lib/errors";
import { formatDateTime } from "../../lib/format";
import { notifyError, notifySuccess } from "../../lib/notify";
import { sessionsQueryKey, useSessions } from "./account.queries";
import { SectionCard } from "./SectionCard";

function deviceName(userAgent: string | null | undefined): string {
  return userAgent?.trim() || "Unknown device";
}

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

  let body: React.ReactNode;
  if (sessions.isPending) body = <PageLoader label="Loading sessions" />;
  else if (sessions.isError)
    body =
      sessions.error instanceof AuthRequestError && sessions.error.code === "SESSION_NOT_FRESH" ? (
        // Listing sessions is a sensitive action: better-auth wants a recent sign-in for it.
        <Alert color="yellow" role="alert" title="Please sign in again">
          For your security, your sessions are shown only after a recent sign-in. <AnchorLink to="/sign-in">Sign in again</AnchorLink>
        </Alert>
      ) : (
        <Alert color="red" role="alert" title="Could not load your sessions">
          {sessions.error.message}
        </Alert>
      );
  else {
    const hasOthers = sessions.data.some((session) => !isCurrent(session));
    body = (
      <>
        <Table.ScrollContainer minWidth={640}>
          <Table striped verticalSpacing="sm">
            <Table.Caption>Devices signed in to your account</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Device</Table.Th>
                <Table.Th scope="col">IP address</Table.Th>
                <Table.Th scope="col">Created</Table.Th>
                <Table.Th scope="col">Expires</Table.Th>
                <Table.Th scope="col">
                  <Text span size="sm" fw={700}>
                    Actions
                  </Text>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sessions.data.map((session) => {
                const current = isCurrent(session);
                const device = deviceName(session.userAgent);
                return (
                  <Table.Tr key={session.id}>
                    <Table.Td style={{ overflowWrap: "anywhere" }}>
                      <Stack gap={4} align="flex-start">
                        <Text size="sm">{device}</Text>
                        {current && <Badge color="green">This device</Badge>}
                      </Stack>
                    </Table.Td>
                    <Table.Td>{session.ipAddress || "—"}</Table.Td>
                    <Table.Td>{formatDateTime(session.createdAt)}</Table.Td>
                    <Table.Td>{formatDateTime(session.expiresAt)}</Table.Td>
                    <Table.Td>
                      {current ? (
                        <Text size="sm" c="dimmed">
                          Current
                        </Text>
                      ) : (
                        <Button
                          size="xs"
                          color="red"
                          variant="light"
                          aria-label={`Revoke session ${device}`}
                          loading={revoke.isPending && revoke.variables === session.token}
                          onClick={() => revoke.mutate(session.token)}
                        >
                          Revoke
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group>
          <Button
            color="red"
            variant="outline"
            disabled={!hasOthers}
            loading={revokeOthers.isPending}
            onClick={() => revokeOthers.mutate()}
          >
            Sign out all other sessions
          </Button>
        </Group>
      </>
    );
  }

  return (
    <SectionCard title="Sessions" description="Every browser or device currently signed in to your account.">
      {body}
    </SectionCard>
  );
}
