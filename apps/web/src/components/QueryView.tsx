import { Alert } from "@mantine/core";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { PageLoader } from "./PageLoader";

type ErrorDisplay =
  /** The title of the red alert that shows the server's message. */
  | { errorTitle: string; renderError?: never }
  /** For failures that are a notice, or need a way forward, rather than the plain alert. */
  | { renderError: (error: Error) => ReactNode; errorTitle?: never };

type QueryViewProps<T> = ErrorDisplay & {
  query: UseQueryResult<T>;
  /** Names the spinner for screen readers, e.g. "Loading API keys". */
  loadingLabel: string;
  /** Shown instead of `children` when the data is an empty list. */
  empty?: ReactNode;
  children: (data: T) => ReactNode;
};

/** What a list or table shows for its query: a spinner, the failure, the empty state, or the data. */
export function QueryView<T>({ query, loadingLabel, errorTitle, renderError, empty, children }: QueryViewProps<T>) {
  if (query.isPending) return <PageLoader label={loadingLabel} />;
  if (query.isError) return renderError ? renderError(query.error) : <LoadErrorAlert title={errorTitle} error={query.error} />;
  if (empty !== undefined && Array.isArray(query.data) && query.data.length === 0) return empty;
  return children(query.data);
}

export function LoadErrorAlert({ title, error }: { title: string | undefined; error: Error }) {
  return (
    <Alert color="red" role="alert" title={title}>
      {error.message}
    </Alert>
  );
}
