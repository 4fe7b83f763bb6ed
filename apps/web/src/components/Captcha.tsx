import { Alert, Box } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import type { CaptchaProvider, CaptchaSettings } from "../features/auth/sign-in-methods.api";

/**
 * The three widgets share one explicit-render API: render(container, {sitekey, callback, ...})
 * returns a widget id, and Turnstile and hCaptcha can remove a widget again. reCAPTCHA is drawn as
 * the v2 checkbox; its tokens also pass the server's v3 score check, which only applies to v3.
 */
interface WidgetApi {
  render(container: HTMLElement, options: Record<string, unknown>): string | number;
  remove?(widgetId: string | number): void;
  ready?(callback: () => void): void;
}

const widgets: Record<CaptchaProvider, { src: string; global: "turnstile" | "grecaptcha" | "hcaptcha" }> = {
  "cloudflare-turnstile": { src: "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit", global: "turnstile" },
  "google-recaptcha": { src: "https://www.google.com/recaptcha/api.js?render=explicit", global: "grecaptcha" },
  hcaptcha: { src: "https://js.hcaptcha.com/1/api.js?render=explicit", global: "hcaptcha" },
};

// One <script> per provider for the whole page life, however many forms mount a widget.
const loading = new Map<string, Promise<WidgetApi>>();

function loadWidgetApi(provider: CaptchaProvider): Promise<WidgetApi> {
  const { src, global } = widgets[provider];
  let promise = loading.get(src);
  if (!promise) {
    promise = new Promise<WidgetApi>((resolve, reject) => {
      const script = document.createElement("script");
      script.src = src;
      script.async = true;
      script.onload = () => {
        const api = (window as unknown as Record<string, WidgetApi | undefined>)[global];
        if (!api) return reject(new Error("The captcha script loaded but did not start."));
        // reCAPTCHA's loader defines `ready` before `render` exists.
        if (api.ready) api.ready(() => resolve(api));
        else resolve(api);
      };
      script.onerror = () => {
        loading.delete(src);
        reject(new Error("The captcha could not be loaded. Check your connection and reload the page."));
      };
      document.head.append(script);
    });
    loading.set(src, promise);
  }
  return promise;
}

function CaptchaWidget({ settings, onToken }: { settings: CaptchaSettings; onToken: (token: string | null) => void }) {
  const container = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string | null>(null);
  const { provider, siteKey } = settings;

  useEffect(() => {
    if (!siteKey) return;
    let widgetId: string | number | undefined;
    let api: WidgetApi | undefined;
    let active = true;
    loadWidgetApi(provider).then(
      (loaded) => {
        if (!active || !container.current) return;
        api = loaded;
        widgetId = loaded.render(container.current, {
          sitekey: siteKey,
          callback: (token: string) => onToken(token),
          "expired-callback": () => onToken(null),
          "error-callback": () => onToken(null),
        });
      },
      (cause: unknown) => active && setError(cause instanceof Error ? cause.message : String(cause)),
    );
    return () => {
      active = false;
      if (api?.remove && widgetId !== undefined) api.remove(widgetId);
    };
  }, [provider, siteKey, onToken]);

  if (!siteKey) {
    return (
      <Alert color="red" role="alert">
        This server asks for a captcha but has no site key configured (CAPTCHA_SITE_KEY), so the check cannot be shown.
      </Alert>
    );
  }
  return (
    <>
      <Box ref={container} />
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
    </>
  );
}

/**
 * A captcha for one form. `widget` is null when the server has no captcha configured, and then
 * `fetchOptions` is undefined too, so requests go out exactly as without this hook. Tokens are
 * single-use: call `reset()` after every request that sent one.
 */
export function useCaptcha(settings: CaptchaSettings | null | undefined) {
  const [token, setToken] = useState<string | null>(null);
  // Remounting the widget (new key) is the one reset that works the same for all three providers.
  const [generation, setGeneration] = useState(0);
  const enabled = Boolean(settings);
  return {
    /** True when a request may go out: no captcha configured, or its token is ready. */
    ready: !enabled || token !== null,
    widget: settings ? <CaptchaWidget key={generation} settings={settings} onToken={setToken} /> : null,
    fetchOptions: enabled && token ? { headers: { "x-captcha-response": token } } : undefined,
    reset: () => {
      if (!enabled) return;
      setToken(null);
      setGeneration((n) => n + 1);
    },
  };
}

export const captchaMissingMessage = "Complete the captcha check first.";
