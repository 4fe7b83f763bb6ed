import type { BetterAuthOptions, HookEndpointContext } from "better-auth";
import { isAPIError } from "better-auth/api";
import { auditedAction } from "./audit-record.ts";

type Handler = (ctx: HookEndpointContext) => Promise<unknown>;
/** Records an audited request with what a before-hook answered: an APIError, or an answer object. */
type Record = (ctx: HookEndpointContext, answer: unknown) => Promise<void>;

const wrapped = new WeakSet<Handler>();

/**
 * better-auth runs no after-hook when a before-hook throws or answers in the endpoint's place, and
 * several of our rules do exactly that on audited paths: refusing a non-owner who removes an owner
 * or a non-member who updates an organization, refusing an API key that manages keys, creating an
 * organization for another user. Refusals are what an auditor looks for, so every before-hook —
 * the configuration's and each plugin's — is wrapped: when one refuses or answers an audited
 * request, that is recorded, and the hook's result or error passes on unchanged. Applied once, from
 * the audit plugin's init.
 */
export function recordBeforeHookAnswers(options: BetterAuthOptions, ownPluginId: string, record: Record): void {
  const wrap = (handler: Handler): Handler => {
    if (wrapped.has(handler)) return handler;
    const guarded: Handler = async (ctx) => {
      let result: unknown;
      try {
        result = await handler(ctx);
      } catch (error) {
        if (isAPIError(error) && auditedAction(ctx.path)) await record(ctx, error);
        throw error;
      }
      // Hooks run with returnHeaders, so the hook's value is in `response`; an object without
      // `context` ends the request with that answer (better-auth's own rule in runBeforeHooks).
      const response = (result as { response?: unknown } | undefined)?.response;
      if (response && typeof response === "object" && !("context" in response) && auditedAction(ctx.path)) {
        // Over HTTP, ctx.json() wraps the answer for the router ({ _flag: "json", body }).
        const json = response as { _flag?: string; body?: unknown };
        await record(ctx, json._flag === "json" ? json.body : response);
      }
      return result;
    };
    wrapped.add(guarded);
    return guarded;
  };

  if (options.hooks?.before) options.hooks.before = wrap(options.hooks.before as Handler) as typeof options.hooks.before;
  for (const plugin of options.plugins ?? []) {
    if (plugin.id === ownPluginId || !plugin.hooks?.before?.length) continue;
    plugin.hooks.before = plugin.hooks.before.map((hook) => ({
      ...hook,
      handler: wrap(hook.handler as Handler) as typeof hook.handler,
    }));
  }
}
