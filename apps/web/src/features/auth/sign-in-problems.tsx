import { Alert, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { AnchorLink } from "../../components/links";
import { type AuthCallError, errorMessage } from "../../lib/errors";
import { describeErrorCode } from "../errors/error-codes";

/** What went wrong with the last sign-in attempt, whichever method it used. */
export interface SignInProblem {
  title: string;
  body?: ReactNode;
  /** Yellow for "nearly there" (email not verified), red otherwise. */
  color?: "red" | "yellow";
}

// better-auth's captcha plugin: 400 MISSING_RESPONSE, 403 VERIFICATION_FAILED ("Captcha verification failed").
const captchaCodes = new Set(["MISSING_RESPONSE", "VERIFICATION_FAILED"]);

/** Turns a failed password or username sign-in into the sentence a person can act on. */
export function credentialProblem(error: AuthCallError, by: "email" | "username", mailboxEnabled: boolean): SignInProblem {
  const title = errorMessage(error);
  // 403 "Email not verified": the server has just sent a fresh verification mail.
  if (error.status === 403 && !captchaCodes.has(error.code ?? "")) {
    return {
      title,
      color: "yellow",
      body: (
        <>
          Your email address is not verified yet. We just sent you a new verification email — follow the link in it, then sign in again.
          {mailboxEnabled && (
            <>
              {" "}
              Development mode: open the{" "}
              <AnchorLink to="/dev/mailbox" inherit>
                development mailbox
              </AnchorLink>
              .
            </>
          )}
        </>
      ),
    };
  }
  if (captchaCodes.has(error.code ?? "") || /captcha/i.test(title)) return { title, body: "Complete the captcha check and try again." };
  if (error.status === 401) return { title, body: `Check your ${by} and password and try again.` };
  return { title };
}

/** A failure the server reported by redirecting back here with `?error=` (OAuth, magic link). */
export function redirectProblem(code: string, description: string | undefined): SignInProblem {
  return {
    title: "We could not sign you in",
    body: (
      <>
        {describeErrorCode(code)}
        {description && (
          <Text size="sm" c="dimmed" mt={4}>
            {description}
          </Text>
        )}
      </>
    ),
  };
}

export function SignInProblemAlert({ problem }: { problem: SignInProblem }) {
  return (
    <Alert color={problem.color ?? "red"} role="alert" title={problem.title}>
      {problem.body}
    </Alert>
  );
}
