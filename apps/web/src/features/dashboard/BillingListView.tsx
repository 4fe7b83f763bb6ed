import { Stack, Text } from "@mantine/core";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ListTable } from "../../components/ListTable";
import { PagedListFooter } from "../../components/PagedListFooter";
import { QueryView } from "../../components/QueryView";
import type { ListResource } from "../../lib/billing-api";
import { PAGE_SIZE } from "./dashboard.queries";

type ErrorDisplay = { errorTitle: string; renderError?: never } | { renderError: (error: Error) => ReactNode; errorTitle?: never };

type BillingListViewProps<T> = ErrorDisplay & {
  /** A page of `useBillingList` (fetched with `limit: PAGE_SIZE`). */
  query: UseQueryResult<ListResource<T>>;
  loadingLabel: string;
  /** Shown (dimmed) when the page has no rows. */
  emptyText: ReactNode;
  caption: string;
  columns: string[];
  minWidth: number;
  /** The footer's range reads "<noun> 1–20 of 57". */
  noun: string;
  page: number;
  onPageChange: (page: number) => void;
  /** One Table.Tr per item, one cell per column. */
  row: (item: T) => ReactNode;
};

/** A paged /v1 list: the spinner, the failure, the empty text, or the table with its page footer. */
export function BillingListView<T>({
  query,
  emptyText,
  caption,
  columns,
  minWidth,
  noun,
  page,
  onPageChange,
  row,
  ...view
}: BillingListViewProps<T>) {
  return (
    <QueryView query={query} {...view}>
      {(list) =>
        list.items.length === 0 ? (
          <Text c="dimmed">{emptyText}</Text>
        ) : (
          <Stack gap="sm">
            <ListTable caption={caption} columns={columns} minWidth={minWidth}>
              {list.items.map(row)}
            </ListTable>
            <PagedListFooter
              noun={noun}
              shown={list.items.length}
              total={list.pagination.total_count}
              page={page}
              pageSize={PAGE_SIZE}
              onPageChange={onPageChange}
            />
          </Stack>
        )
      }
    </QueryView>
  );
}
