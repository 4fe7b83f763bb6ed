import { z } from "zod";

/**
 * Settings for the sign-in methods beyond email and password. config.ts hands over the raw
 * environment; this module only parses it, so config.ts stays the one reader of process.env.
 */

/** SPEC §3 "Social provider ids allowed", with the name their sign-in button shows. */
export const SOCIAL_PROVIDERS = {
  apple: "Apple",
  discord: "Discord",
  facebook: "Facebook",
  github: "GitHub",
  microsoft: "Microsoft",
  google: "Google",
  spotify: "Spotify",
  twitch: "Twitch",
  twitter: "X (Twitter)",
  dropbox: "Dropbox",
  kick: "Kick",
  linkedin: "LinkedIn",
  gitlab: "GitLab",
  tiktok: "TikTok",
  reddit: "Reddit",
  roblox: "Roblox",
  vk: "VK",
  zoom: "Zoom",
} as const;
export type SocialProviderId = keyof typeof SOCIAL_PROVIDERS;
export const SOCIAL_PROVIDER_IDS = Object.keys(SOCIAL_PROVIDERS) as SocialProviderId[];

/** SPEC §3 "Captcha providers listed". */
export const CAPTCHA_PROVIDERS = ["cloudflare-turnstile", "google-recaptcha", "hcaptcha"] as const;
export type CaptchaProvider = (typeof CAPTCHA_PROVIDERS)[number];

export interface SocialProviderConfig {
  clientId: string;
  clientSecret: string;
  /** microsoft: the Entra tenant ("common" when unset); gitlab: a self-hosted issuer URL. */
  tenantId?: string;
  issuer?: string;
}

/** Any OpenID Connect / OAuth 2 provider found through its discovery document. */
export interface OAuthProviderConfig {
  providerId: string;
  name: string;
  discoveryUrl: string;
  clientId: string;
  clientSecret: string;
  scopes: string[];
  pkce: boolean;
}

export interface CaptchaConfig {
  provider: CaptchaProvider;
  secretKey: string;
  /** Public; the web app renders the provider's widget with it. */
  siteKey: string | undefined;
  verifyUrl: string | undefined;
  minScore: number | undefined;
}

export interface SignInConfig {
  username: { minLength: number; maxLength: number };
  magicLink: { expiresIn: number };
  passkey: { rpId: string; rpName: string; origin: string };
  twoFactor: { issuer: string };
  accountLinking: { allowUnlinkingAll: boolean; trustedProviders: string[] };
  socialProviders: Partial<Record<SocialProviderId, SocialProviderConfig>>;
  oauthProviders: OAuthProviderConfig[];
  captcha: CaptchaConfig | undefined;
  rejectCommonPasswords: boolean;
}

type RawEnv = Record<string, string | undefined>;

const int = (fallback: number, min: number) => z.coerce.number().int().min(min).default(fallback);
/** A comma-separated list; blanks around and between items are dropped. */
export const commaList = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  );

/** A yes/no setting; config.ts uses it too. */
export const flag = (fallback: boolean) =>
  z
    .enum(["true", "false", "1", "0", "yes", "no"])
    .optional()
    .transform((v) => (v === undefined ? fallback : ["true", "1", "yes"].includes(v)));
const words = z
  .string()
  .optional()
  .transform((v) => (v ?? "").split(/[\s,]+/).filter(Boolean));

const fixedSchema = z.object({
  USERNAME_MIN_LENGTH: int(3, 1),
  USERNAME_MAX_LENGTH: int(30, 1),
  MAGIC_LINK_EXPIRES_IN: int(300, 1),
  PASSKEY_RP_NAME: z.string().default("Gatehouse"),
  PASSKEY_RP_ID: z.string().optional(),
  TWO_FACTOR_ISSUER: z.string().default("Gatehouse"),
  ALLOW_UNLINKING_ALL: flag(false),
  ACCOUNT_LINKING_TRUSTED_PROVIDERS: words,
  CAPTCHA_PROVIDER: z.enum(CAPTCHA_PROVIDERS).optional(),
  CAPTCHA_SECRET_KEY: z.string().optional(),
  CAPTCHA_SITE_KEY: z.string().optional(),
  CAPTCHA_VERIFY_URL: z.url().optional(),
  CAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).optional(),
  REJECT_COMMON_PASSWORDS: flag(true),
  OAUTH_PROVIDERS: words,
});

const oauthIdPattern = /^[a-z0-9][a-z0-9-]{0,39}$/;

export function parseSignInConfig(env: RawEnv, baseUrl: string): { config?: SignInConfig; problems: string[] } {
  const problems: string[] = [];
  const parsed = fixedSchema.safeParse(env);
  if (!parsed.success) {
    return { problems: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`) };
  }
  const e = parsed.data;
  if (e.USERNAME_MIN_LENGTH > e.USERNAME_MAX_LENGTH) problems.push("USERNAME_MIN_LENGTH: must not exceed USERNAME_MAX_LENGTH");

  const socialProviders: SignInConfig["socialProviders"] = {};
  for (const id of SOCIAL_PROVIDER_IDS) {
    const prefix = id.toUpperCase();
    const clientId = env[`${prefix}_CLIENT_ID`];
    const clientSecret = env[`${prefix}_CLIENT_SECRET`];
    if (!clientId && !clientSecret) continue;
    if (!clientId || !clientSecret) {
      problems.push(`${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET: set both to enable ${id}, or neither`);
      continue;
    }
    socialProviders[id] = {
      clientId,
      clientSecret,
      ...(env[`${prefix}_TENANT_ID`] ? { tenantId: env[`${prefix}_TENANT_ID`] as string } : {}),
      ...(env[`${prefix}_ISSUER`] ? { issuer: env[`${prefix}_ISSUER`] as string } : {}),
    };
  }

  const oauthProviders: OAuthProviderConfig[] = [];
  for (const providerId of e.OAUTH_PROVIDERS) {
    if (!oauthIdPattern.test(providerId)) {
      problems.push(`OAUTH_PROVIDERS: "${providerId}" must be lowercase letters, digits and dashes`);
      continue;
    }
    if (Object.hasOwn(SOCIAL_PROVIDERS, providerId)) {
      problems.push(`OAUTH_PROVIDERS: "${providerId}" is a built-in provider; configure it with ${providerId.toUpperCase()}_CLIENT_ID`);
      continue;
    }
    const prefix = `OAUTH_${providerId.toUpperCase().replaceAll("-", "_")}`;
    const discoveryUrl = env[`${prefix}_DISCOVERY_URL`];
    const clientId = env[`${prefix}_CLIENT_ID`];
    const clientSecret = env[`${prefix}_CLIENT_SECRET`];
    const missing = [
      ["DISCOVERY_URL", discoveryUrl],
      ["CLIENT_ID", clientId],
      ["CLIENT_SECRET", clientSecret],
    ]
      .filter(([, value]) => !value)
      .map(([key]) => `${prefix}_${key}`);
    if (missing.length) {
      problems.push(`${missing.join(", ")}: required because OAUTH_PROVIDERS lists "${providerId}"`);
      continue;
    }
    if (!URL.canParse(discoveryUrl as string)) {
      problems.push(`${prefix}_DISCOVERY_URL: must be a URL`);
      continue;
    }
    oauthProviders.push({
      providerId,
      name: env[`${prefix}_NAME`] ?? providerId,
      discoveryUrl: discoveryUrl as string,
      clientId: clientId as string,
      clientSecret: clientSecret as string,
      scopes: words.parse(env[`${prefix}_SCOPES`] ?? "openid email profile"),
      pkce: env[`${prefix}_PKCE`] !== "false",
    });
  }

  let captcha: CaptchaConfig | undefined;
  if (e.CAPTCHA_PROVIDER) {
    if (!e.CAPTCHA_SECRET_KEY) problems.push("CAPTCHA_SECRET_KEY: required when CAPTCHA_PROVIDER is set");
    else
      captcha = {
        provider: e.CAPTCHA_PROVIDER,
        secretKey: e.CAPTCHA_SECRET_KEY,
        siteKey: e.CAPTCHA_SITE_KEY,
        verifyUrl: e.CAPTCHA_VERIFY_URL,
        minScore: e.CAPTCHA_MIN_SCORE,
      };
  }

  const base = new URL(baseUrl);
  return {
    problems,
    config: {
      username: { minLength: e.USERNAME_MIN_LENGTH, maxLength: e.USERNAME_MAX_LENGTH },
      magicLink: { expiresIn: e.MAGIC_LINK_EXPIRES_IN },
      // WebAuthn binds a passkey to the site's host name; it is derived from BASE_URL so a passkey
      // registered on the public address works there and nowhere else.
      passkey: { rpId: e.PASSKEY_RP_ID ?? base.hostname, rpName: e.PASSKEY_RP_NAME, origin: base.origin },
      twoFactor: { issuer: e.TWO_FACTOR_ISSUER },
      accountLinking: { allowUnlinkingAll: e.ALLOW_UNLINKING_ALL, trustedProviders: e.ACCOUNT_LINKING_TRUSTED_PROVIDERS },
      socialProviders,
      oauthProviders,
      captcha,
      rejectCommonPasswords: e.REJECT_COMMON_PASSWORDS,
    },
  };
}
