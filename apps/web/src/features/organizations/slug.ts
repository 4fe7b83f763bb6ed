import { useDebouncedValue } from "@mantine/hooks";
import { useQuery } from "@tanstack/react-query";
import { authClient } from "../../lib/auth-client";
import { errorMessage } from "../../lib/errors";

/** "Café Møller & Co." → "cafe-moller-co": a readable URL part suggested from the name. */
export function suggestSlug(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/ø/g, "o")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 48)
    .replace(/-+$/, "");
}

const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Client-side shape check only; uniqueness is the server's (check-slug, then create). */
export function slugField(value: string) {
  if (!value.trim()) return "Slug is required";
  return slugPattern.test(value.trim()) ? null : "Use lowercase letters, digits and single hyphens";
}

export type SlugAvailability = { state: "empty" | "checking" | "unchanged" } | { state: "available" | "taken" | "error"; message: string };

/**
 * Asks the server whether a slug is free, a moment after the person stops typing. `current` is the
 * organization's own slug when editing: keeping it is not a conflict.
 */
export function useSlugAvailability(slug: string, current?: string): SlugAvailability {
  const [debounced] = useDebouncedValue(slug.trim(), 350);
  const checkable = debounced !== "" && debounced !== current && slugField(debounced) === null;
  const query = useQuery({
    queryKey: ["organization-slug", debounced],
    enabled: checkable,
    retry: false,
    staleTime: 0,
    gcTime: 0,
    queryFn: async () => {
      const result = await authClient.organization.checkSlug({ slug: debounced });
      if (result.data?.status) return { state: "available", message: "This slug is available." } as const;
      // check-slug answers 400 with "Organization slug already taken" for a slug in use.
      if (result.error?.status === 400) return { state: "taken", message: errorMessage(result.error) } as const;
      return { state: "error", message: errorMessage(result.error) } as const;
    },
  });
  if (!slug.trim()) return { state: "empty" };
  if (slug.trim() === current) return { state: "unchanged" };
  if (slugField(slug) !== null) return { state: "empty" };
  if (debounced !== slug.trim() || query.isPending) return { state: "checking" };
  return query.data ?? { state: "error", message: "Could not check the slug." };
}

export const availabilityColor: Record<SlugAvailability["state"], string> = {
  empty: "dimmed",
  checking: "dimmed",
  unchanged: "dimmed",
  available: "green",
  taken: "red",
  error: "red",
};

export function availabilityText(availability: SlugAvailability): string {
  if (availability.state === "checking") return "Checking…";
  return "message" in availability ? availability.message : "";
}
