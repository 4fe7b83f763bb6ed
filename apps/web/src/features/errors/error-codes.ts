/**
 * Human sentences for the error codes better-auth puts in redirect URLs
 * (`?error=`): SPEC §8 "Redirect error codes" (OAuth, verify-email, reset) and the
 * magic-link verifier's codes. Codes are matched case-sensitively first, then
 * lower-cased, because OAuth codes may arrive upper-cased.
 */
const messages: Record<string, string> = {
  state_not_found: "The sign-in request expired or was started in another browser. Please try again.",
  please_restart_the_process: "The sign-in process was interrupted. Please start again.",
  invalid_callback_request: "The provider sent back a request we could not understand. Please try again.",
  no_code: "The provider did not return an authorization code. Please try again.",
  oauth_provider_not_found: "That sign-in provider is not configured on this server.",
  invalid_code: "The authorization code was invalid or already used. Please try again.",
  unable_to_get_user_info: "We could not read your profile from the provider.",
  email_not_found: "The provider did not share an email address, which we need to create your account.",
  no_callback_url: "The request did not say where to return after signing in.",
  account_already_linked_to_different_user: "That account is already linked to a different user.",
  unable_to_link_account: "We could not link that account to your user.",
  state_mismatch: "The sign-in request did not match this browser. Please start again from this page.",
  access_denied: "The sign-in was cancelled at the provider.",
  issuer_missing: "The provider's answer did not say who issued it, so we could not trust it.",
  issuer_mismatch: "The provider's answer came from an unexpected issuer, so we could not trust it.",
  nonce_binding_missing: "The provider's answer could not be tied to this sign-in request. Please try again.",
  // Only linking produces it (the linked account's email differs from the user's).
  email_does_not_match: "That account uses a different email address than yours, so it was not linked.",
  email_not_verified: "The provider has not verified the email of that account, so we cannot link it.",
  internal_server_error: "The server hit an unexpected error. Please try again later.",
  account_not_linked: "An account with this email exists but is not linked to that provider. Sign in another way first.",
  signup_disabled: "New sign-ups are disabled.",
  unable_to_create_user: "We could not create your account.",
  unable_to_create_session: "We could not start a session for you.",
  token_expired: "This link has expired. Request a new one.",
  invalid_token: "This link is invalid. It may have been used already.",
  user_not_found: "We could not find the account this link was for.",
  unauthorized: "You are not allowed to use this link. Sign in with the account it was sent to.",
  // Magic-link verification (better-auth's magic-link plugin). A used or expired link is INVALID_TOKEN,
  // which the reset-password redirect uses as well, so the sentence fits both.
  INVALID_TOKEN: "This link is invalid or has expired. Links work only once and only for a short time — request a new one.",
  EXPIRED_TOKEN: "This link has expired. Request a new one.",
  new_user_signup_disabled: "There is no account for this email, and new sign-ups are disabled.",
  failed_to_create_user: "We could not create your account. Please try again.",
  failed_to_create_session: "We could not start a session for you. Please try again.",
};

export const genericErrorMessage = "An unexpected error occurred. Please try again.";

export function describeErrorCode(code: string | undefined): string {
  if (!code) return genericErrorMessage;
  return messages[code] ?? messages[code.toLowerCase()] ?? genericErrorMessage;
}
