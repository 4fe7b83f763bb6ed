import { Alert, Button, Group, Stack, Table, Text } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { ActionErrorAlert } from "../../components/ActionErrorAlert";
import { FormPage } from "../../components/FormPage";
import { AnchorLink, ButtonLink } from "../../components/links";
import { PageLoader } from "../../components/PageLoader";
import { type AuthSession, authClient } from "../../lib/auth-client";
import { type AuthCallError, AuthRequestError, errorMessage, unwrap } from "../../lib/errors";
import { formatDateTime } from "../../lib/format";
import { notifyError, notifySuccess } from "../../lib/notify";
import { DevMailboxHint } from "../dev-mailbox/DevMailboxHint";
import { describeErrorCode } from "../errors/error-codes";
import { useRefreshOrganizations } from "./organization.queries";
import { RoleBadges } from "./RoleBadges";

/**
 * Where the invitation mail links to. Signed out: sign in or create an account, then come back here.
 * Signed in: the invitation's details and the choice. `error` is set when the email-verification
 * link that brought a new account here failed.
 */
export function AcceptInvitationPage({ invitationId, error }: { invitationId: string; error?: string | undefined }) {
  const { data: session, isPending, isRefetching } = authClient.useSession();
  const here = `/accept-invitation/${encodeURIComponent(invitationId)}`;
  if (!session && (isPending || isRefetching)) return <PageLoader label="Loading the invitation" />;
  return (
    <FormPage title="Invitation">
      {error && (
        <Alert color="red" role="alert" title="We could not verify your email">
          {describeErrorCode(error)}
        </Alert>
      )}
      {session ? <SignedInInvitation session={session} invitationId={invitationId} here={here} /> : <SignedOut here={here} />}
    </FormPage>
  );
}

function SignedOut({ here }: { here: string }) {
  return (
    <>
      <Text>
        You have been invited to join an organization. Sign in, or create an account, with the email address the invitation was sent to; you
        will come back here to accept it.
      </Text>
      <Group grow>
        <ButtonLink to="/sign-in" search={{ redirect: here }}>
          Sign in
        </ButtonLink>
        <ButtonLink to="/sign-up" search={{ redirect: here }} variant="default">
          Create account
        </ButtonLink>
      </Group>
    </>
  );
}

function useSignOutToAnotherAccount(here: string) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { refetch } = authClient.useSession();
  return async () => {
    const result = await authClient.signOut();
    if (result.error) {
      notifyError(result.error, "Could not sign out");
      return;
    }
    queryClient.clear();
    await refetch();
    await navigate({ to: "/sign-in", search: { redirect: here } });
  };
}

function SignedInInvitation({ session, invitationId, here }: { session: AuthSession; invitationId: string; here: string }) {
  const navigate = useNavigate();
  const refresh = useRefreshOrganizations();
  const signOutToAnother = useSignOutToAnotherAccount(here);
  const [busy, setBusy] = useState<"accept" | "decline" | null>(null);
  const [actionError, setActionError] = useState<AuthCallError | null>(null);
  const [declined, setDeclined] = useState(false);
  const invitation = useQuery({
    queryKey: ["invitation", invitationId, session.user.id],
    retry: false,
    queryFn: async () => unwrap(await authClient.organization.getInvitation({ query: { id: invitationId } })),
  });

  const signOutButton = (
    <Button variant="default" onClick={() => void signOutToAnother()}>
      Sign out and use another account
    </Button>
  );

  if (declined)
    return (
      <>
        <Alert color="gray" role="status" title="Invitation declined">
          You declined the invitation. Whoever sent it can invite you again.
        </Alert>
        <AnchorLink to="/">Go to the home page</AnchorLink>
      </>
    );
  if (invitation.isPending) return <PageLoader label="Loading the invitation" />;
  if (invitation.isError) {
    const failure = invitation.error instanceof AuthRequestError ? invitation.error : null;
    return (
      <InvitationProblem failure={failure} message={invitation.error.message} session={session} here={here} signOutButton={signOutButton} />
    );
  }

  const details = invitation.data;
  const accept = async () => {
    setBusy("accept");
    setActionError(null);
    const result = await authClient.organization.acceptInvitation({ invitationId });
    if (result.error) {
      setBusy(null);
      setActionError(result.error);
      return;
    }
    // Joining makes the organization active; asking for it explicitly also refreshes the session cookie.
    await authClient.organization.setActive({ organizationId: details.organizationId });
    await refresh({ session: true });
    notifySuccess(`Welcome to ${details.organizationName}.`);
    await navigate({ to: "/organizations/$slug", params: { slug: details.organizationSlug } });
  };
  const decline = async () => {
    setBusy("decline");
    setActionError(null);
    const result = await authClient.organization.rejectInvitation({ invitationId });
    setBusy(null);
    if (result.error) {
      setActionError(result.error);
      return;
    }
    setDeclined(true);
  };

  return (
    <>
      <Text>
        <strong>{details.inviterEmail}</strong> invited you to join <strong>{details.organizationName}</strong>.
      </Text>
      <Table variant="vertical" layout="fixed" withTableBorder>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th w={130}>Organization</Table.Th>
            <Table.Td style={{ overflowWrap: "anywhere" }}>{details.organizationName}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>Invited by</Table.Th>
            <Table.Td style={{ overflowWrap: "anywhere" }}>{details.inviterEmail}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>Role</Table.Th>
            <Table.Td>
              <RoleBadges role={details.role} />
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>Expires</Table.Th>
            <Table.Td>{formatDateTime(details.expiresAt)}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <ActionErrorAlert error={actionError} />
      <Group grow>
        <Button loading={busy === "accept"} disabled={busy === "decline"} onClick={() => void accept()}>
          Accept invitation
        </Button>
        <Button variant="default" loading={busy === "decline"} disabled={busy === "accept"} onClick={() => void decline()}>
          Decline
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        Signed in as {session.user.email}.
      </Text>
    </>
  );
}

/** Why the invitation cannot be shown, in words that say what to do next. */
function InvitationProblem({
  failure,
  message,
  session,
  here,
  signOutButton,
}: {
  failure: AuthRequestError | null;
  message: string;
  session: AuthSession;
  here: string;
  signOutButton: React.ReactNode;
}) {
  const [sent, setSent] = useState(false);
  const code = failure?.code;

  if (code === "EMAIL_VERIFICATION_REQUIRED_FOR_INVITATION") {
    const resend = async () => {
      const result = await authClient.sendVerificationEmail({ email: session.user.email, callbackURL: here });
      if (result.error) notifyError(result.error, "Could not send the email");
      else setSent(true);
    };
    return (
      <Stack gap="sm">
        <Alert color="yellow" role="alert" title="Verify your email address first">
          An invitation goes to an email address, so yours ({session.user.email}) must be verified before you can see or accept it.
          {sent && " We sent you a new verification link."}
        </Alert>
        <DevMailboxHint />
        <Group>
          <Button onClick={() => void resend()} disabled={sent}>
            Send verification email
          </Button>
          {signOutButton}
        </Group>
      </Stack>
    );
  }

  const wrongAccount = code === "YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION";
  // better-auth answers "Invitation not found!" alike for unknown, expired, cancelled, declined and used invitations.
  const notFound = code === "INVITATION_NOT_FOUND" || /invitation not found/i.test(message);
  const title = wrongAccount
    ? "This invitation is for someone else"
    : notFound
      ? "This invitation is no longer valid"
      : "Invitation not available";
  const text = wrongAccount
    ? `You are signed in as ${session.user.email}, but the invitation was sent to another email address. Sign in with that address to accept it.`
    : notFound
      ? "It may have expired, been cancelled or declined, or already been accepted. Ask whoever invited you to send a new one."
      : errorMessage(failure ?? { message });
  return (
    <Stack gap="sm">
      <Alert color="red" role="alert" title={title}>
        {text}
      </Alert>
      <Group>{signOutButton}</Group>
      <AnchorLink to="/organizations">Go to your organizations</AnchorLink>
    </Stack>
  );
}
