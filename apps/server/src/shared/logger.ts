import pino, { type Logger } from "pino";

export type { Logger };

/**
 * One JSON line per event. Redaction is a second line of defence: code should never pass secrets
 * to the logger in the first place.
 */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: "gatehouse" },
    redact: {
      paths: ["*.password", "*.token", "*.authorization", "*.cookie", "*.secret", "headers.cookie", "headers.authorization"],
      censor: "[redacted]",
    },
  });
}
