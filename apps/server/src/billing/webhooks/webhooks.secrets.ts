import { symmetricDecrypt, symmetricEncrypt } from "better-auth/crypto";
import type { Config } from "../../config.ts";

/**
 * Endpoint secrets at rest. Unlike tokens they cannot be hashed — the worker signs with them — so
 * they are encrypted with AUTH_SECRET: a copy of the database alone does not let anyone forge
 * webhooks. Changing AUTH_SECRET therefore requires resetting every endpoint's secret.
 */
export function encryptSecret(config: Pick<Config, "authSecret">, secret: string): Promise<string> {
  return symmetricEncrypt({ key: config.authSecret, data: secret });
}

export function decryptSecret(config: Pick<Config, "authSecret">, stored: string): Promise<string> {
  return symmetricDecrypt({ key: config.authSecret, data: stored });
}
