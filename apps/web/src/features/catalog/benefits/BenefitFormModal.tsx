import { Checkbox, Group, Modal, MultiSelect, NumberInput, Select, Stack, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { ModalActions } from "../../../components/ModalActions";
import { billingApi } from "../../../lib/billing-api";
import { useBillingSubmit } from "../../dashboard/billing-submit";
import { usePickerList } from "../../dashboard/dashboard.queries";
import { BENEFIT_TYPE_LABELS, BENEFIT_TYPES, type Benefit, type FileRead, type Meter } from "../catalog.api";
import { benefitFormValues, benefitProperties, validateBenefit } from "./benefit-form";

/** Creates a benefit of any type, or edits one (its type is fixed once created). */
export function BenefitFormModal({ opened, benefit, onClose }: { opened: boolean; benefit?: Benefit; onClose: () => void }) {
  const form = useForm({ initialValues: benefitFormValues(benefit), validate: validateBenefit });
  const save = useBillingSubmit({ form, errorTitle: "Could not save the benefit", refresh: ["benefits", "products"] });
  const type = form.values.type;
  const meters = usePickerList<Meter>("meters");
  const files = usePickerList<FileRead>("files");
  const downloadables = (files.data ?? []).filter((file) => file.service === "downloadable" && file.is_uploaded);

  const close = () => {
    form.setValues(benefitFormValues(benefit));
    onClose();
  };

  const submit = form.onSubmit((values) => {
    const body = { type: values.type, description: values.description.trim(), properties: benefitProperties(values) };
    return save.run(
      () =>
        benefit
          ? billingApi<Benefit>(`/v1/benefits/${benefit.id}`, { method: "PATCH", body })
          : billingApi<Benefit>("/v1/benefits/", { method: "POST", body }),
      { success: benefit ? "The benefit was saved." : "The benefit was created.", onSaved: close },
    );
  });

  return (
    <Modal opened={opened} onClose={close} title={benefit ? "Edit benefit" : "Create benefit"} centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Select
            label="Type"
            allowDeselect={false}
            disabled={Boolean(benefit)}
            data={BENEFIT_TYPES.map((value) => ({ value, label: BENEFIT_TYPE_LABELS[value] }))}
            {...form.getInputProps("type")}
          />
          <TextInput label="Description" required data-autofocus {...form.getInputProps("description")} />
          {type === "custom" && (
            <Textarea
              label="Note"
              description="Shown to customers who have this benefit"
              autosize
              minRows={2}
              {...form.getInputProps("note")}
            />
          )}
          {type === "license_keys" && (
            <>
              <TextInput label="Key prefix" placeholder="ACME" {...form.getInputProps("prefix")} />
              <Checkbox label="Keys expire" {...form.getInputProps("expires", { type: "checkbox" })} />
              {form.values.expires && (
                <Group grow>
                  <NumberInput label="Expires after" min={1} allowDecimal={false} {...form.getInputProps("ttl")} />
                  <Select label="Expiry unit" allowDeselect={false} data={["day", "month", "year"]} {...form.getInputProps("timeframe")} />
                </Group>
              )}
              <Checkbox label="Limit activations" {...form.getInputProps("activations", { type: "checkbox" })} />
              {form.values.activations && (
                <Group grow align="flex-end">
                  <NumberInput label="Activation limit" min={1} max={50} allowDecimal={false} {...form.getInputProps("activation_limit")} />
                  <Checkbox label="Customers can deactivate" {...form.getInputProps("enable_customer_admin", { type: "checkbox" })} />
                </Group>
              )}
              <NumberInput
                label="Usage limit"
                description="Leave empty for unlimited validations"
                min={1}
                allowDecimal={false}
                {...form.getInputProps("limit_usage")}
              />
            </>
          )}
          {type === "downloadables" && (
            <MultiSelect
              label="Files"
              description="Upload downloadable files on the Files page first"
              data={downloadables.map((file) => ({ value: file.id, label: file.name }))}
              searchable
              {...form.getInputProps("files")}
            />
          )}
          {type === "meter_credit" && (
            <>
              <Select
                label="Meter"
                data={(meters.data ?? []).map((meter) => ({ value: meter.id, label: meter.name }))}
                {...form.getInputProps("meter_id")}
              />
              <NumberInput label="Units" min={1} allowDecimal={false} {...form.getInputProps("units")} />
              <Checkbox label="Roll unused units over" {...form.getInputProps("rollover", { type: "checkbox" })} />
            </>
          )}
          {type === "github_repository" && (
            <>
              <TextInput label="Repository owner" {...form.getInputProps("repository_owner")} />
              <TextInput label="Repository name" {...form.getInputProps("repository_name")} />
              <Select
                label="Permission"
                allowDeselect={false}
                data={["pull", "triage", "push", "maintain", "admin"]}
                {...form.getInputProps("permission")}
              />
            </>
          )}
          {type === "discord" && (
            <>
              <TextInput label="Guild token" {...form.getInputProps("guild_token")} />
              <TextInput label="Role ID" {...form.getInputProps("role_id")} />
              <Checkbox label="Kick members when the benefit is revoked" {...form.getInputProps("kick_member", { type: "checkbox" })} />
            </>
          )}
          <ModalActions confirmLabel={benefit ? "Save" : "Create benefit"} loading={save.busy} onCancel={close} />
        </Stack>
      </form>
    </Modal>
  );
}
