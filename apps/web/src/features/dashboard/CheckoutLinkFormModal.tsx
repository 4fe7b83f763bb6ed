import { Checkbox, Modal, MultiSelect, NativeSelect, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { ModalActions } from "../../components/ModalActions";
import { billingApi } from "../../lib/billing-api";
import { optionalUrlField } from "../auth/validation";
import { useBillingSubmit } from "./billing-submit";
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
}

export function CheckoutLinkFormModal({ link, onClose }: CheckoutLinkFormModalProps) {
  const { data: productChoices } = useProductChoices();
  const discounts = usePickerList<Discount>("discounts");
  const discountChoices = [
    { value: "", label: "No discount" },
    ...(discounts.data ?? []).map((discount) => ({ value: discount.id, label: discount.name })),
  ];
  const form = useForm({
    initialValues: initialValues(link),
    validate: {
      products: (value: string[]) => (value.length ? null : "Choose at least one product"),
      successUrl: optionalUrlField,
    },
  });

  const save = useBillingSubmit({
    form,
    errorTitle: "Could not save the checkout link",
    refresh: ["checkout-links"],
    fieldNames: { success_url: "successUrl", discount_id: "discountId" },
  });

  const submit = form.onSubmit((values) =>
    save.run(
      () =>
        link
          ? billingApi(`/v1/checkout-links/${link.id}`, { method: "PATCH", body: linkBody(values) })
          : // SDK 0.47 always sends the payment processor; do the same.
            billingApi("/v1/checkout-links/", { method: "POST", body: { payment_processor: "stripe", ...linkBody(values) } }),
      { onSaved: onClose },
    ),
  );

  return (
    <Modal opened onClose={onClose} title={link ? "Edit checkout link" : "Create checkout link"} centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
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
          <ModalActions confirmLabel={link ? "Save checkout link" : "Create checkout link"} loading={save.busy} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
