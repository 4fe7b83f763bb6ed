import { Alert } from "@mantine/core";
import { AnchorLink } from "../../components/links";
import { LoadErrorAlert } from "../../components/QueryView";
import { BillingApiError } from "../../lib/billing-api";

/** The 422 /v1 answers a dashboard session with no active organization (it names `organization_id`). */
function isNoOrganizationError(error: unknown): boolean {
  if (!(error instanceof BillingApiError) || error.status !== 422) return false;
  return "organization_id" in error.fieldErrors;
}

/** A failed catalog load: the way forward when no organization is chosen, the server's message otherwise. */
export function CatalogError({ error, title }: { error: Error; title: string }) {
  if (isNoOrganizationError(error))
    return (
      <Alert color="blue" title="Choose an organization first">
        The catalog belongs to an organization. <AnchorLink to="/organizations">Choose or create an organization</AnchorLink>, then come
        back here.
      </Alert>
    );
  return <LoadErrorAlert title={title} error={error} />;
}
