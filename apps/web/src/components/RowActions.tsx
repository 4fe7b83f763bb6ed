import { Button, Group } from "@mantine/core";
import type { ReactNode } from "react";

/** The action buttons of one table row, side by side. */
export function RowActions({ children }: { children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap">
      {children}
    </Group>
  );
}

interface RowButtonProps {
  /** The accessible name: the visible word plus what the row is, e.g. "Delete role auditor". */
  label: string;
  /** Removes, revokes or cancels something: drawn red. */
  danger?: boolean;
  variant?: "light" | "default";
  loading?: boolean;
  onClick: () => void;
  children: ReactNode;
}

/** A small button acting on one table row. */
export function RowButton({ label, danger = false, variant = "light", loading, onClick, children }: RowButtonProps) {
  return (
    <Button size="xs" color={danger ? "red" : undefined} variant={variant} aria-label={label} loading={loading} onClick={onClick}>
      {children}
    </Button>
  );
}
