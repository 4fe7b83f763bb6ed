import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { billingApi, type ListResource } from "../../lib/billing-api";
import { PAGE_SIZE, useBillingKey } from "../dashboard/dashboard.queries";
import type { WebhookDelivery, WebhookEndpoint, WebhookEvent } from "./webhook-types";

// Polar writes these paths without a trailing slash (unlike most /v1 lists), so the dashboard's
// generic useBillingList does not fit. Every key sits under the "webhooks" resource, so
// useInvalidateBilling("webhooks") refreshes endpoints and deliveries alike.

export const WEBHOOKS = "webhooks";

/** Deliveries are made by the worker after the click; polling shows them arrive without a reload. */
const DELIVERY_POLL_MS = 2_000;

export function useWebhookEndpoints(page: number) {
  return useQuery({
    queryKey: useBillingKey(WEBHOOKS, "endpoints", page),
    queryFn: () => billingApi<ListResource<WebhookEndpoint>>("/v1/webhooks/endpoints", { query: { page, limit: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

export function useWebhookEndpoint(id: string) {
  return useQuery({
    queryKey: useBillingKey(WEBHOOKS, "endpoint", id),
    queryFn: () => billingApi<WebhookEndpoint>(`/v1/webhooks/endpoints/${id}`),
    // A 410 or a run of failures disables the endpoint while the page is open: the banner should say so.
    refetchInterval: DELIVERY_POLL_MS,
  });
}

/** `succeeded` undefined lists every attempt. */
export function useWebhookDeliveries(endpointId: string, page: number, succeeded: boolean | undefined) {
  return useQuery({
    queryKey: useBillingKey(WEBHOOKS, "deliveries", endpointId, page, succeeded),
    queryFn: () =>
      billingApi<ListResource<WebhookDelivery>>("/v1/webhooks/deliveries", {
        query: { endpoint_id: endpointId, page, limit: PAGE_SIZE, succeeded },
      }),
    placeholderData: keepPreviousData,
    refetchInterval: DELIVERY_POLL_MS,
  });
}

export interface EndpointChanges {
  url?: string;
  name?: string | null;
  format?: string;
  events?: string[];
  enabled?: boolean;
}

export const createEndpoint = (body: Required<Omit<EndpointChanges, "enabled">>) =>
  billingApi<WebhookEndpoint>("/v1/webhooks/endpoints", { method: "POST", body });

export const updateEndpoint = (id: string, body: EndpointChanges) =>
  billingApi<WebhookEndpoint>(`/v1/webhooks/endpoints/${id}`, { method: "PATCH", body });

export const deleteEndpoint = (id: string) => billingApi<undefined>(`/v1/webhooks/endpoints/${id}`, { method: "DELETE" });

/** The answer carries the new secret in full, the only time it is shown. */
export const rotateEndpointSecret = (id: string) => billingApi<WebhookEndpoint>(`/v1/webhooks/endpoints/${id}/secret`, { method: "PATCH" });

export const sendTestEvent = (id: string) => billingApi<WebhookEvent>(`/v1/webhooks/endpoints/${id}/test`, { method: "POST" });

export const redeliverEvent = (eventId: string) => billingApi<null>(`/v1/webhooks/events/${eventId}/redeliver`, { method: "POST" });
