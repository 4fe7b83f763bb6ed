import { Checkbox, Group, Modal, MultiSelect, NativeSelect, NumberInput, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { ModalActions } from "../../components/ModalActions";
import { billingApi } from "../../lib/billing-api";
import { minorToDecimalString, moneyInputError, parseMoneyInput } from "../../lib/money";
import { requiredField } from "../auth/validation";
import { useBillingSubmit } from "./billing-submit";
import type { Discount } from "./billing-types";
import { useProductChoices } from "./dashboard.queries";
import { fromLocalInput, toLocalInput } from "./datetime";

function initialValues(discount: Discount | null) {
  return {
    name: discount?.name ?? "",
    code: discount?.code ?? "",
    type: discount?.type ?? "percentage",
    percent: discount?.basis_points !== undefined ? discount.basis_points / 100 : 10,
    currency: discount?.currency ?? "usd",
    amount: discount?.amount !== undefined ? minorToDecimalString(discount.amount, discount.currency ?? "usd") : "",
    duration: discount?.duration ?? "once",
    durationInMonths: discount?.duration_in_months ?? 3,
    startsAt: toLocalInput(discount?.starts_at),
    endsAt: toLocalInput(discount?.ends_at),
    limitRedemptions: discount?.max_redemptions != null,
    maxRedemptions: discount?.max_redemptions ?? 100,
    products: discount?.products.map((product) => product.id) ?? [],
  };
}
type Values = ReturnType<typeof initialValues>;

/** The create or update body, Polar's field names; the amount goes as minor units. */
function discountBody(values: Values) {
  const common = {
    name: values.name.trim(),
    code: values.code.trim() || null,
    duration: values.duration,
    duration_in_months: values.duration === "repeating" ? values.durationInMonths : null,
    starts_at: fromLocalInput(values.startsAt),
    ends_at: fromLocalInput(values.endsAt),
    max_redemptions: values.limitRedemptions ? values.maxRedemptions : null,
    products: values.products,
  };
  return values.type === "fixed"
    ? { ...common, type: "fixed", amount: parseMoneyInput(values.amount, values.currency), currency: values.currency.trim().toLowerCase() }
    : { ...common, type: "percentage", basis_points: Math.round(values.percent * 100) };
}

interface DiscountFormModalProps {
  /** The discount to edit, or null to create one. Render keyed by it. */
  discount: Discount | null;
  onClose: () => void;
}

export function DiscountFormModal({ discount, onClose }: DiscountFormModalProps) {
  const { data: productChoices } = useProductChoices();
  const form = useForm({
    initialValues: initialValues(discount),
    validate: {
      name: requiredField("Name"),
      code: (value: string) => (!value.trim() || /^[a-zA-Z0-9]{3,256}$/.test(value.trim()) ? null : "Use 3 or more letters and digits"),
      amount: (value: string, values: Values) => (values.type === "fixed" ? moneyInputError(value, values.currency, { min: 1 }) : null),
      currency: (value: string, values: Values) =>
        values.type === "fixed" && !/^[a-zA-Z]{3}$/.test(value.trim()) ? "Use a three-letter currency code" : null,
    },
  });

  const save = useBillingSubmit({
    form,
    errorTitle: "Could not save the discount",
    refresh: ["discounts"],
    fieldNames: { duration_in_months: "durationInMonths", max_redemptions: "maxRedemptions", starts_at: "startsAt", ends_at: "endsAt" },
  });

  const submit = form.onSubmit((values) =>
    save.run(
      () =>
        discount
          ? billingApi(`/v1/discounts/${discount.id}`, { method: "PATCH", body: discountBody(values) })
          : billingApi("/v1/discounts/", { method: "POST", body: discountBody(values) }),
      { onSaved: onClose },
    ),
  );

  return (
    <Modal opened onClose={onClose} title={discount ? "Edit discount" : "Create discount"} centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Name" description="Shown to customers at checkout." required data-autofocus {...form.getInputProps("name")} />
            <TextInput label="Code" description="Optional: what customers type to get it." {...form.getInputProps("code")} />
          </SimpleGrid>
          <NativeSelect
            label="Type"
            data={[
              { value: "percentage", label: "Percentage" },
              { value: "fixed", label: "Fixed amount" },
            ]}
            {...form.getInputProps("type")}
          />
          {form.values.type === "percentage" ? (
            <NumberInput label="Percentage off" min={0.01} max={100} decimalScale={2} suffix=" %" {...form.getInputProps("percent")} />
          ) : (
            <Group grow align="flex-start">
              <TextInput label="Amount off" placeholder="10.00" {...form.getInputProps("amount")} />
              <TextInput label="Currency" maxLength={3} {...form.getInputProps("currency")} />
            </Group>
          )}
          <Group grow align="flex-start">
            <NativeSelect
              label="Duration"
              description="For subscriptions: how many billing periods it applies to."
              data={[
                { value: "once", label: "Once" },
                { value: "forever", label: "Forever" },
                { value: "repeating", label: "Several months" },
              ]}
              {...form.getInputProps("duration")}
            />
            {form.values.duration === "repeating" && (
              <NumberInput label="Months" min={1} max={999} {...form.getInputProps("durationInMonths")} />
            )}
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Starts at" type="datetime-local" {...form.getInputProps("startsAt")} />
            <TextInput label="Ends at" type="datetime-local" {...form.getInputProps("endsAt")} />
          </SimpleGrid>
          <Group align="flex-end">
            <Checkbox label="Limit redemptions" {...form.getInputProps("limitRedemptions", { type: "checkbox" })} />
            {form.values.limitRedemptions && <NumberInput label="Maximum redemptions" min={1} {...form.getInputProps("maxRedemptions")} />}
          </Group>
          <MultiSelect
            label="Products"
            description="Leave empty for a discount on every product."
            data={productChoices}
            searchable
            {...form.getInputProps("products")}
          />
          <ModalActions confirmLabel={discount ? "Save discount" : "Create discount"} loading={save.busy} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
