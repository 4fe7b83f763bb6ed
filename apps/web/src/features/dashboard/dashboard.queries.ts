import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { authClient } from "../../lib/auth-client";
import { billingApi, type ListResource } from "../../lib/billing-api";
import type { ProductSummary } from "./billing-types";

// Every dashboard query key starts with "billing" and the active organization, so switching
// organization never shows the previous one's rows from the cache.

export const PAGE_SIZE = 20;

export function useActiveOrganizationId(): string | null {
  const { data: session } = authClient.useSession();
  return session?.session.activeOrganizationId ?? null;
}

export function useBillingKey(...parts: unknown[]): unknown[] {
  return ["billing", useActiveOrganizationId(), ...parts];
}

/** One page of a /v1 list (path as Polar writes it, with the trailing slash). */
export function useBillingList<T>(resource: string, path: string, query: Record<string, string | number | undefined> = {}) {
  const key = useBillingKey(resource, "list", query);
  return useQuery({
    queryKey: key,
    queryFn: () => billingApi<ListResource<T>>(path, { query }),
    placeholderData: keepPreviousData,
  });
}

/** Refreshes every query of one resource of the active organization. */
export function useInvalidateBilling(resource: string) {
  const queryClient = useQueryClient();
  const organizationId = useActiveOrganizationId();
  return () => queryClient.invalidateQueries({ queryKey: ["billing", organizationId, resource] });
}

/** The organization's products, for pickers (discount restrictions, checkout links). */
export function useProductChoices() {
  const products = useBillingList<ProductSummary>("products", "/v1/products/", { limit: 100, is_archived: "false" });
  return {
    products,
    data: (products.data?.items ?? []).map((product) => ({ value: product.id, label: product.name })),
  };
}
