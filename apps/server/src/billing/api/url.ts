import { z } from "./openapi.ts";

/** An absolute http(s) URL, as Polar's `HttpUrl` (≤ 2083 characters). */
export const HttpUrl = z
  .string()
  .min(1)
  .max(2083)
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
      } catch {
        return false;
      }
    },
    { message: "Input should be a valid absolute http(s) URL." },
  )
  .openapi({ format: "uri" });
