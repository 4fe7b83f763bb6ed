import { randomBytes, randomUUID } from "node:crypto";

export interface Ids {
  /** A random, URL-safe identifier with an optional readable prefix. */
  next(prefix?: string): string;
  /** A random UUID (v4): billing resources use them, as Polar's API does. */
  uuid(): string;
}

export const randomIds: Ids = {
  next: (prefix) => {
    const id = randomBytes(16).toString("base64url");
    return prefix ? `${prefix}_${id}` : id;
  },
  uuid: () => randomUUID(),
};
