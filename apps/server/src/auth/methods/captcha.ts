import { captcha } from "better-auth/plugins";
import type { CaptchaConfig } from "../../config.sign-in.ts";

/** The endpoints a bot would hammer: creating accounts, guessing passwords, flooding reset mail. */
const CAPTCHA_PROTECTED_ENDPOINTS = ["/sign-up/email", "/sign-in/email", "/sign-in/username", "/request-password-reset"];

export function captchaPlugins(config: CaptchaConfig | undefined) {
  if (!config) return [];
  const common = {
    secretKey: config.secretKey,
    endpoints: CAPTCHA_PROTECTED_ENDPOINTS,
    ...(config.verifyUrl ? { siteVerifyURLOverride: config.verifyUrl } : {}),
  };
  switch (config.provider) {
    case "google-recaptcha":
      return [
        captcha({ provider: "google-recaptcha", ...common, ...(config.minScore !== undefined ? { minScore: config.minScore } : {}) }),
      ];
    case "hcaptcha":
      return [captcha({ provider: "hcaptcha", ...common, ...(config.siteKey ? { siteKey: config.siteKey } : {}) })];
    case "cloudflare-turnstile":
      return [captcha({ provider: "cloudflare-turnstile", ...common })];
  }
}
