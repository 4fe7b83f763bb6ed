import { GroupedCheckboxPicker } from "../../components/GroupedCheckboxPicker";
import { eventTypesByResource, WEBHOOK_EVENT_TYPES } from "./webhook-types";

interface EventTypePickerProps {
  value: string[];
  onChange: (value: string[]) => void;
  error?: string | undefined;
}

const GROUPS = eventTypesByResource();

/** "benefit_grant" → "Benefit grant". */
const resourceLabel = (resource: string) => {
  const words = resource.replaceAll("_", " ");
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
};

/** The event types an endpoint receives, one group per resource. */
export function EventTypePicker({ value, onChange, error }: EventTypePickerProps) {
  return (
    <GroupedCheckboxPicker
      legend={`Events (${value.length} of ${WEBHOOK_EVENT_TYPES.length})`}
      selectAllLabel="Select all event types"
      options={WEBHOOK_EVENT_TYPES}
      groups={GROUPS}
      groupTitle={resourceLabel}
      groupToggleLabel={(resource) => `All ${resource} events`}
      value={value}
      onChange={onChange}
      error={error}
    />
  );
}
