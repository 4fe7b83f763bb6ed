import { MultiSelect, Text } from "@mantine/core";
import { AnchorLink } from "../../../components/links";
import { usePickerList } from "../../dashboard/dashboard.queries";
import { BENEFIT_TYPE_LABELS, type Benefit } from "../catalog.api";

/** Which benefits buying the product grants; saved with POST /v1/products/{id}/benefits. */
export function ProductBenefitsPicker({ value, onChange }: { value: string[]; onChange: (ids: string[]) => void }) {
  const benefits = usePickerList<Benefit>("benefits");
  const options = (benefits.data ?? []).map((benefit) => ({
    value: benefit.id,
    label: `${benefit.description} (${BENEFIT_TYPE_LABELS[benefit.type] ?? benefit.type})`,
  }));
  return (
    <>
      <MultiSelect
        label="Benefits"
        placeholder={options.length ? "Choose benefits" : undefined}
        data={options}
        value={value}
        onChange={onChange}
        searchable
        clearable
        nothingFoundMessage="No benefit matches"
      />
      {benefits.isSuccess && options.length === 0 && (
        <Text size="sm" c="dimmed">
          No benefits yet. <AnchorLink to="/dashboard/benefits">Create one</AnchorLink> to grant it with this product.
        </Text>
      )}
    </>
  );
}
