import { useDebouncedValue } from "@mantine/hooks";
import { useQuery } from "@tanstack/react-query";
import { authClient } from "../../lib/auth-client";
import { unwrap } from "../../lib/errors";

export interface UsernameRules {
  minLength: number;
  maxLength: number;
}

/** The server's defaults, used until GET /sign-in-methods has answered. */
export const defaultUsernameRules: UsernameRules = { minLength: 3, maxLength: 30 };

// better-auth's default username validator; the server does not configure another one.
const allowedCharacters = /^[a-zA-Z0-9_.]+$/;

export function usernameRuleText({ minLength, maxLength }: UsernameRules): string {
  return `${minLength} to ${maxLength} characters: letters, digits, underscores and dots.`;
}

/** The rule a non-empty username breaks, as a sentence, or null. The server checks again. */
export function usernameRuleProblem(username: string, rules: UsernameRules): string | null {
  if (username.length < rules.minLength || username.length > rules.maxLength || !allowedCharacters.test(username)) {
    return `Use ${usernameRuleText(rules)}`;
  }
  return null;
}

export type UsernameAvailability =
  | { state: "empty" }
  | { state: "checking" }
  | { state: "rule"; message: string }
  | { state: "available"; message: string }
  | { state: "taken"; message: string }
  | { state: "error"; message: string };

export const usernameTakenMessage = "That username is taken";

/**
 * Live check while the person types: waits for a pause, checks the rules locally, then asks
 * POST /is-username-available. Usernames are compared ignoring case, so the cache is too.
 */
export function useUsernameAvailability(value: string, rules: UsernameRules): UsernameAvailability {
  const typed = value.trim();
  const [settled] = useDebouncedValue(typed, 400);
  const ruleProblem = settled ? usernameRuleProblem(settled, rules) : null;
  const check = useQuery({
    queryKey: ["username-available", settled.toLowerCase()],
    queryFn: async () => unwrap(await authClient.isUsernameAvailable({ username: settled })),
    enabled: settled !== "" && ruleProblem === null,
    retry: false,
    staleTime: 10_000,
  });

  if (!typed) return { state: "empty" };
  if (typed !== settled) return { state: "checking" };
  if (ruleProblem) return { state: "rule", message: ruleProblem };
  if (check.isPending) return { state: "checking" };
  if (check.isError) return { state: "error", message: check.error.message };
  return check.data.available
    ? { state: "available", message: "Username is available" }
    : { state: "taken", message: usernameTakenMessage };
}
