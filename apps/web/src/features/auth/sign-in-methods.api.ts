import { useQuery } from "@tanstack/react-query";

export type CaptchaProvider = "cloudflare-turnstile" | "google-recaptcha" | "hcaptcha";

export interface CaptchaSettings {
  provider: CaptchaProvider;
  /** Null when the operator set CAPTCHA_PROVIDER without CAPTCHA_SITE_KEY: no widget can be drawn. */
  siteKey: string | null;
}

/** What `GET /api/auth/sign-in-methods` reports as configured on this server (no secrets). */
export interface SignInMethods {
  emailAndPassword: boolean;
  username: boolean;
  magicLink: boolean;
  passkey: boolean;
  socialProviders: { id: string; name: string }[];
  captcha: CaptchaSettings | null;
  requireEmailVerification: boolean;
  password: { minLength: number; maxLength: number };
  usernameRules: { minLength: number; maxLength: number };
}

const signInMethodsQueryKey = ["sign-in-methods"] as const;

async function fetchSignInMethods(): Promise<SignInMethods> {
  const response = await fetch("/api/auth/sign-in-methods", { credentials: "include", headers: { accept: "application/json" } });
  if (!response.ok) throw new Error(`The server answered ${response.status} ${response.statusText}`);
  return (await response.json()) as SignInMethods;
}

/**
 * The configured sign-in methods. They only change when the server restarts, so one fetch per
 * page load is enough; screens render their password form straight away and add the rest
 * (provider buttons, captcha) once this arrives.
 */
export function useSignInMethods() {
  return useQuery({ queryKey: signInMethodsQueryKey, queryFn: fetchSignInMethods, staleTime: Number.POSITIVE_INFINITY });
}
