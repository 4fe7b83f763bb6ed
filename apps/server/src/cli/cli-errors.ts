/** sysexits(3) codes, so scripts can tell a typo from a refusal. */
export const EXIT = { ok: 0, failure: 1, usage: 64, config: 78 } as const;

export const USAGE = `usage:
  npm run cli -- migrate
  npm run cli -- admin create --email <address> (--password <password> | --password-stdin) [--name <name>]
  npm run cli -- admin promote --email <address>`;

/** A mistake in the command line: reported with the usage text, exit 64. */
export class UsageError extends Error {
  override name = "UsageError";
}

/** The command was understood but cannot be done (a duplicate address, an unknown user): exit 1. */
export class CommandFailed extends Error {
  override name = "CommandFailed";
}
