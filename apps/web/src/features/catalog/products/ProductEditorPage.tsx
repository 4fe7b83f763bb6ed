import { Alert, Button, Card, Group, Select, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { type ReactNode, useState } from "react";
import { ConfirmActionModal } from "../../../components/ConfirmActionModal";
import { PageLoader } from "../../../components/PageLoader";
import { billingAction, billingApi } from "../../../lib/billing-api";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { ManagedFieldset, ManageOnly } from "../../dashboard/billing-access";
import { useBillingSubmit } from "../../dashboard/billing-submit";
import { DashboardLayout } from "../../dashboard/DashboardLayout";
import { refreshBilling, useBillingKey } from "../../dashboard/dashboard.queries";
import { CatalogError } from "../CatalogError";
import type { Product, RecurringInterval } from "../catalog.api";
import { existingPriceDraft, newPriceDraft, type PriceDraft, PricesEditor, pricesPayload, validatePrices } from "./PricesEditor";
import { ProductBenefitsPicker } from "./ProductBenefitsPicker";
import { type AttachedFieldDraft, ProductCustomFields } from "./ProductCustomFields";
import { ProductMedias } from "./ProductMedias";
import { intervalLabel } from "./price-text";

type Billing = "one_time" | "month" | "year";

/** `/dashboard/products/new` creates; `/dashboard/products/<id>` edits. */
export function ProductEditorPage({ id }: { id: string }) {
  const creating = id === "new";
  const product = useQuery({
    queryKey: useBillingKey("products", "detail", id),
    queryFn: () => billingApi<Product>(`/v1/products/${id}`),
    enabled: !creating,
  });
  const title = creating ? "New product" : (product.data?.name ?? "Product");
  return (
    <DashboardLayout title={title}>
      {creating ? (
        <ProductForm />
      ) : product.isPending ? (
        <PageLoader label="Loading the product" />
      ) : product.isError ? (
        <CatalogError error={product.error} title="Could not load the product" />
      ) : (
        <ProductForm key={product.data.id} product={product.data} />
      )}
    </DashboardLayout>
  );
}

function ProductForm({ product }: { product?: Product }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [noPrice, setNoPrice] = useState(false);
  const [archiving, setArchiving] = useState(false);
  const [prices, setPrices] = useState<PriceDraft[]>(() =>
    product ? product.prices.filter((price) => !price.is_archived).map(existingPriceDraft) : [newPriceDraft()],
  );
  const [priceErrors, setPriceErrors] = useState<Record<string, Record<string, string>>>({});
  const [benefitIds, setBenefitIds] = useState<string[]>(() => product?.benefits.map((benefit) => benefit.id) ?? []);
  const [mediaIds, setMediaIds] = useState<string[]>(() => product?.medias.map((file) => file.id) ?? []);
  const [fields, setFields] = useState<AttachedFieldDraft[]>(
    () => product?.attached_custom_fields.map((field) => ({ custom_field_id: field.custom_field_id, required: field.required })) ?? [],
  );
  const form = useForm({
    initialValues: {
      name: product?.name ?? "",
      description: product?.description ?? "",
      billing: (product?.recurring_interval === "year" ? "year" : product?.recurring_interval ? "month" : "one_time") as Billing,
    },
    validate: { name: (value) => (value.trim().length < 3 ? "Name must be at least 3 characters" : null) },
  });
  const interval: RecurringInterval | null = form.values.billing === "one_time" ? null : form.values.billing;
  const save = useBillingSubmit({ form, errorTitle: "Could not save the product", refresh: ["products"] });

  const submit = form.onSubmit(async (values) => {
    const errors = validatePrices(prices);
    setPriceErrors(errors);
    if (Object.keys(errors).length > 0) return;
    setNoPrice(prices.length === 0);
    if (prices.length === 0) return;
    const common = {
      name: values.name.trim(),
      description: values.description.trim() || null,
      prices: pricesPayload(prices),
      medias: mediaIds,
      attached_custom_fields: fields,
    };
    await save.run(
      async () => {
        const saved = product
          ? await billingApi<Product>(`/v1/products/${product.id}`, { method: "PATCH", body: common })
          : await billingApi<Product>("/v1/products/", {
              method: "POST",
              body: {
                ...common,
                ...(interval ? { recurring_interval: interval, recurring_interval_count: 1 } : { recurring_interval: null }),
              },
            });
        const before = product?.benefits.map((benefit) => benefit.id) ?? [];
        if (before.join() !== benefitIds.join()) {
          await billingApi<Product>(`/v1/products/${saved.id}/benefits`, { method: "POST", body: { benefits: benefitIds } });
        }
        return saved;
      },
      {
        success: (saved) => (product ? `${saved.name} was saved.` : `${saved.name} was created.`),
        onSaved: (saved) => (product ? undefined : navigate({ to: "/dashboard/products/$id", params: { id: saved.id } })),
      },
    );
  });

  const setArchived = async (archived: boolean) => {
    if (!product) return null;
    return billingAction(
      () => billingApi<Product>(`/v1/products/${product.id}`, { method: "PATCH", body: { is_archived: archived } }),
      async () => {
        await refreshBilling(queryClient, "products");
        notifySuccess(archived ? `${product.name} was archived.` : `${product.name} is active again.`);
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        {product?.is_archived && (
          <Alert color="gray" title="Archived">
            Customers can no longer buy this product.{" "}
            <ManageOnly>
              <Button
                variant="subtle"
                size="compact-sm"
                onClick={() =>
                  void setArchived(false).then((failure) => failure && notifyError(failure, "Could not unarchive the product"))
                }
              >
                Unarchive
              </Button>
            </ManageOnly>
          </Alert>
        )}
        <ManagedFieldset>
          <Stack gap="lg">
            <Card withBorder>
              <Stack gap="sm">
                <TextInput label="Name" required {...form.getInputProps("name")} />
                <Textarea label="Description" autosize minRows={2} {...form.getInputProps("description")} />
                {product ? (
                  <Text size="sm">
                    Billing: {intervalLabel(product.recurring_interval, product.recurring_interval_count)} (fixed once the product exists)
                  </Text>
                ) : (
                  <Select
                    label="Billing"
                    allowDeselect={false}
                    data={[
                      { value: "one_time", label: "One-time purchase" },
                      { value: "month", label: "Monthly subscription" },
                      { value: "year", label: "Yearly subscription" },
                    ]}
                    {...form.getInputProps("billing")}
                  />
                )}
              </Stack>
            </Card>
            <Section title="Prices">
              <PricesEditor value={prices} onChange={setPrices} errors={priceErrors} interval={interval} />
              {noPrice && (
                <Text size="sm" c="red" role="alert">
                  Add at least one price.
                </Text>
              )}
            </Section>
            <Section title="Benefits">
              <ProductBenefitsPicker value={benefitIds} onChange={setBenefitIds} />
            </Section>
            <Section title="Media">
              <ProductMedias value={mediaIds} initial={product?.medias ?? []} onChange={setMediaIds} />
            </Section>
            <Section title="Checkout fields">
              <ProductCustomFields value={fields} onChange={setFields} />
            </Section>
          </Stack>
        </ManagedFieldset>
        <ManageOnly>
          <Group justify="space-between">
            <Button type="submit" loading={save.busy}>
              {product ? "Save changes" : "Create product"}
            </Button>
            {product && !product.is_archived && (
              <Button color="red" variant="light" onClick={() => setArchiving(true)}>
                Archive product
              </Button>
            )}
          </Group>
        </ManageOnly>
      </Stack>
      {product && (
        <ConfirmActionModal
          opened={archiving}
          title="Archive product"
          description={`${product.name} will no longer be offered to new customers. Existing subscriptions continue.`}
          confirmLabel="Archive"
          errorTitle="Could not archive the product"
          onClose={() => setArchiving(false)}
          onConfirm={() => setArchived(true)}
        />
      )}
    </form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}
