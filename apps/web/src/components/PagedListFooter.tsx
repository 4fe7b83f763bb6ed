import { Group, Pagination, Text } from "@mantine/core";

interface PagedListFooterProps {
  /** What the rows are, as the range reads: "Users" → "Users 21–40 of 57". */
  noun: string;
  /** Said instead of the range when nothing matches. */
  noneText?: string;
  /** Rows on this page. */
  shown: number;
  total: number;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
}

/** Under a paged table: which rows are shown (announced when it changes), and the page buttons when there is more than one page. */
export function PagedListFooter({ noun, noneText, shown, total, page, pageSize, onPageChange }: PagedListFooterProps) {
  const first = (page - 1) * pageSize + 1;
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed" aria-live="polite">
        {total === 0 && noneText !== undefined ? noneText : `${noun} ${first}–${first + shown - 1} of ${total}`}
      </Text>
      {total > pageSize && (
        <Pagination
          total={Math.ceil(total / pageSize)}
          value={page}
          onChange={onPageChange}
          getControlProps={(control) => ({ "aria-label": `${control[0]?.toUpperCase()}${control.slice(1)} page` })}
          getItemProps={(p) => ({ "aria-label": `Page ${p}` })}
        />
      )}
    </Group>
  );
}
