import { Checkbox, Modal, MultiSelect, NativeSelect, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { ActionErrorAlert } from "../../components/ActionErrorAlert";
import { ModalActions } from "../../components/ModalActions";
import { BillingApiError, billingApi } from "../../lib/billing-api";
import { optionalUrlField } from "../auth/validation";
import type { CheckoutLink, Discount } from "./billing-types";
import { usePickerList, useProductChoices } from "./dashboard.queries";

function initialValues(link: CheckoutLink | null) {
  return {
    label: link?.label ?? "",
    products: link?.products.map((product) => product.id) ?? [],
    discountId: link?.discount_id ?? "",
    allowDiscountCodes: link?.allow_discount_codes ?? true,
    requireBillingAddress: link?.require_billing_address ?? false,
    successUrl: link?.success_url ?? "",
  };
}
type Values = ReturnType<typeof initialValues>;

const linkBody = (values: Values) => ({
  products: values.products,
  label: values.label.trim() || null,
  discount_id: values.discountId || null,
  allow_discount_codes: values.allowDiscountCodes,
  require_billing_address: values.requireBillingAddress,
  success_url: values.successUrl.trim() || null,
});

interface CheckoutLinkFormModalProps {
  /** The link to edit, or null to create one. Render keyed by it. */
  link: CheckoutLink | null;
  onClose: () => void;
  onSaved: () => void;
}

export function CheckoutLinkFormModal({ link, onClose, onSaved }: CheckoutLinkFormModalProps) {
  const { data: productChoices } = useProductChoices();
  const discounts = usePickerList<Discount>("discounts");
  const discountChoices = [
    { value: "", label: "No discount" },
    ...(discounts.data ?? []).map((discount) => ({ value: discount.id, label: discount.name })),
  ];
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Error | null>(null);
  const form = useForm({
    initialValues: initialValues(link),
    validate: {
      products: (value: string[]) => (value.length ? null : "Choose at least one product"),
      successUrl: optionalUrlField,
    },
  });

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    setError(null);
    try {
      if (link) await billingApi(`/v1/checkout-links/${link.id}`, { method: "PATCH", body: linkBody(values) });
      // SDK 0.47 always sends the payment processor; do the same.
      else await billingApi("/v1/checkout-links/", { method: "POST", body: { payment_processor: "stripe", ...linkBody(values) } });
      onSaved();
      onClose();
    } catch (failure) {
      if (failure instanceof BillingApiError)
        form.setErrors({
          ...failure.fieldErrors,
          ...(failure.fieldErrors.success_url ? { successUrl: failure.fieldErrors.success_url } : {}),
        });
      setError(failure as Error);
    } finally {
      setBusy(false);
    }
  });

  return (
    <Modal opened onClose={onClose} title={link ? "Edit checkout link" : "Create checkout link"} centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <ActionErrorAlert error={error} title="Could not save the checkout link" />
          <TextInput label="Label" description="For you only, to tell links apart." data-autofocus {...form.getInputProps("label")} />
          <MultiSelect
            label="Products"
            description="The customer picks one of them at checkout."
            required
            data={productChoices}
            searchable
            {...form.getInputProps("products")}
          />
          <NativeSelect
            label="Discount"
            description="Applied automatically."
            data={discountChoices}
            {...form.getInputProps("discountId")}
          />
          <Checkbox label="Allow discount codes" {...form.getInputProps("allowDiscountCodes", { type: "checkbox" })} />
          <Checkbox label="Require a billing address" {...form.getInputProps("requireBillingAddress", { type: "checkbox" })} />
          <TextInput
            label="Success URL"
            description="Where customers land after paying; {CHECKOUT_ID} is replaced by the checkout's ID."
            placeholder="https://example.com/thanks?checkout_id={CHECKOUT_ID}"
            {...form.getInputProps("successUrl")}
          />
          <ModalActions confirmLabel={link ? "Save checkout link" : "Create checkout link"} loading={busy} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
