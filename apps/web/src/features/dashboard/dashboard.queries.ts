import { keepPreviousData, type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import { authClient } from "../../lib/auth-client";
import { type BillingQuery, billingApi, type ListResource } from "../../lib/billing-api";
import type { ProductSummary } from "./billing-types";

// Every billing query key (dashboard and catalog) is ["billing", active organization, resource, …],
// so switching organization never shows the previous one's rows from the cache, and one resource
// can be refreshed wherever it is shown (a product saved in the catalog refreshes the discount form's
// product choices too).

export const PAGE_SIZE = 20;

export function useActiveOrganizationId(): string | null {
  const { data: session } = authClient.useSession();
  return session?.session.activeOrganizationId ?? null;
}

export function useBillingKey(...parts: unknown[]): unknown[] {
  return ["billing", useActiveOrganizationId(), ...parts];
}

/** One page of a /v1 list; `resource` is the path's segment ("custom-fields" → /v1/custom-fields/). */
export function useBillingList<T>(resource: string, query: BillingQuery = {}) {
  return useQuery({
    queryKey: useBillingKey(resource, "list", query),
    queryFn: () => billingApi<ListResource<T>>(`/v1/${resource}/`, { query }),
    placeholderData: keepPreviousData,
  });
}

/** All of a kind (the first 100), for pickers: benefits on a product, a checkout link's discount… */
export function usePickerList<T>(resource: string, extra: BillingQuery = {}) {
  return useQuery({
    queryKey: useBillingKey(resource, "picker", extra),
    queryFn: () => billingApi<ListResource<T>>(`/v1/${resource}/`, { query: { limit: 100, ...extra } }),
    select: (list) => list.items,
  });
}

/**
 * Marks one resource's queries stale (all billing queries without `resource`): those on screen refetch.
 * Every organization's are marked; only the active one's are on screen, so only they refetch.
 */
export function refreshBilling(queryClient: QueryClient, resource?: string) {
  return queryClient.invalidateQueries({
    queryKey: ["billing"],
    predicate: resource === undefined ? undefined : (query) => query.queryKey[2] === resource,
  });
}

/** `refreshBilling` of one resource, for components. */
export function useInvalidateBilling(resource: string) {
  const queryClient = useQueryClient();
  return () => refreshBilling(queryClient, resource);
}

/** The organization's products, as Select choices (discount restrictions, checkout links). */
export function useProductChoices() {
  const products = usePickerList<ProductSummary>("products", { is_archived: false });
  return { data: (products.data ?? []).map((product) => ({ value: product.id, label: product.name })) };
}
