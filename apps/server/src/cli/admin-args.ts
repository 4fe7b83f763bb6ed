import { type ParseArgsOptionsConfig, parseArgs } from "node:util";
import { z } from "zod";
import type { Config } from "../config.ts";
import { UsageError } from "./cli-errors.ts";

/** What `admin create` needs, checked before the database is touched. */
export interface CreateAdminInput {
  email: string;
  password: string;
  name: string;
}

const emailSchema = z.email();

function parse(args: string[], options: ParseArgsOptionsConfig) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: false }).values as Record<string, string | boolean | undefined>;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

function emailFrom(values: Record<string, string | boolean | undefined>): string {
  const email = values.email;
  if (typeof email !== "string" || !email) throw new UsageError("--email is required");
  const normalized = email.trim().toLowerCase();
  if (!emailSchema.safeParse(normalized).success) throw new UsageError(`--email: "${email}" is not a valid e-mail address`);
  return normalized;
}

/**
 * Parses `admin create`. The password comes from --password or, kept out of the shell history and
 * the process list, from standard input with --password-stdin.
 */
export async function parseCreateAdmin(
  args: string[],
  password: Config["password"],
  readStdin: () => Promise<string>,
): Promise<CreateAdminInput> {
  const values = parse(args, {
    email: { type: "string" },
    password: { type: "string" },
    "password-stdin": { type: "boolean" },
    name: { type: "string" },
  });
  const email = emailFrom(values);
  if (values.password !== undefined && values["password-stdin"])
    throw new UsageError("give either --password or --password-stdin, not both");
  const secret = values["password-stdin"] ? (await readStdin()).replace(/\r?\n$/, "") : values.password;
  if (typeof secret !== "string" || !secret) throw new UsageError("--password (or --password-stdin) is required");
  if (secret.length < password.minLength) throw new UsageError(`the password must have at least ${password.minLength} characters`);
  if (secret.length > password.maxLength) throw new UsageError(`the password must have at most ${password.maxLength} characters`);
  const name = typeof values.name === "string" && values.name.trim() ? values.name.trim() : (email.split("@")[0] ?? email);
  return { email, password: secret, name };
}

export function parsePromoteAdmin(args: string[]): { email: string } {
  return { email: emailFrom(parse(args, { email: { type: "string" } })) };
}
