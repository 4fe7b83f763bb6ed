import { Button, Group } from "@mantine/core";

interface ModalActionsProps {
  confirmLabel: string;
  loading: boolean;
  color?: string | undefined;
  onCancel: () => void;
  /** Without it the confirm button submits the dialog's form. */
  onConfirm?: () => void;
}

/** The Cancel and confirm buttons at the foot of a dialog. */
export function ModalActions({ confirmLabel, loading, color, onCancel, onConfirm }: ModalActionsProps) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <Button type={onConfirm ? "button" : "submit"} color={color} loading={loading} onClick={onConfirm}>
        {confirmLabel}
      </Button>
    </Group>
  );
}
