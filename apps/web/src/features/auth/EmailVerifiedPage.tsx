import { Alert, Stack } from "@mantine/core";
import { FormPage } from "../../components/FormPage";
import { AnchorLink } from "../../components/links";
import { authClient } from "../../lib/auth-client";
import { describeErrorCode } from "../errors/error-codes";

export interface EmailVerifiedSearch {
  error?: string | undefined;
}

/**
 * Where the verification link lands (callbackURL "/email-verified"). better-auth
 * appends ?error=token_expired|invalid_token|user_not_found|unauthorized on failure.
 */
export function EmailVerifiedPage({ error }: EmailVerifiedSearch) {
  const { data: session } = authClient.useSession();

  if (error) {
    return (
      <FormPage title="Email verification failed">
        <Alert color="red" role="alert" title="We could not verify your email">
          {describeErrorCode(error)}
        </Alert>
        <Stack gap="xs">
          {session ? (
            <AnchorLink to="/account" search={{ tab: "email" }}>
              Send a new link from your account
            </AnchorLink>
          ) : (
            <AnchorLink to="/sign-in">Sign in to get a new link</AnchorLink>
          )}
        </Stack>
      </FormPage>
    );
  }

  return (
    <FormPage title="Email verified">
      <Alert color="green" role="status">
        Your email is verified.
      </Alert>
      {session ? <AnchorLink to="/account">Go to your account</AnchorLink> : <AnchorLink to="/sign-in">Sign in</AnchorLink>}
    </FormPage>
  );
}
