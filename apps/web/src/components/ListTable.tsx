import { Table } from "@mantine/core";
import type { ReactNode } from "react";

interface ListTableProps {
  /** Says what the rows are; screen readers announce it with the table. */
  caption: string;
  columns: string[];
  /** Below this width the table scrolls sideways instead of squeezing its cells. */
  minWidth: number;
  verticalSpacing?: "xs" | "sm";
  /** The rows (Table.Tr), one cell per column. */
  children: ReactNode;
}

/** A striped table of things, one per row, under plain column headers. */
export function ListTable({ caption, columns, minWidth, verticalSpacing = "sm", children }: ListTableProps) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped verticalSpacing={verticalSpacing}>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column} scope="col">
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
