import { Alert, Badge, FileInput, Stack, Table } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmActionModal } from "../../../components/ConfirmActionModal";
import { RowActions, RowButton } from "../../../components/RowActions";
import { deleteBillingObject } from "../../../lib/billing-api";
import { notifySuccess } from "../../../lib/notify";
import { BillingListView } from "../../dashboard/BillingListView";
import { ManageOnly } from "../../dashboard/billing-access";
import { DashboardLayout } from "../../dashboard/DashboardLayout";
import { PAGE_SIZE, refreshBilling, useBillingList } from "../../dashboard/dashboard.queries";
import { CatalogError } from "../CatalogError";
import type { FileRead } from "../catalog.api";
import { uploadFile } from "./upload";

const SERVICE_LABELS: Record<FileRead["service"], string> = {
  downloadable: "Downloadable",
  product_media: "Product image",
  organization_avatar: "Avatar",
};

export function FilesPage() {
  return (
    <DashboardLayout title="Files">
      <FileList />
    </DashboardLayout>
  );
}

function FileList() {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<FileRead | null>(null);
  const files = useBillingList<FileRead>("files", { page, limit: PAGE_SIZE });

  const upload = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    setUploadError(null);
    try {
      const uploaded = await uploadFile(file, "downloadable");
      await refreshBilling(queryClient, "files");
      notifySuccess(`${uploaded.name} was uploaded.`);
    } catch (error) {
      setUploadError(error instanceof Error ? error.message : "The upload failed.");
    } finally {
      setUploading(false);
    }
  };

  const remove = async () => {
    if (!deleting) return null;
    return deleteBillingObject(`/v1/files/${deleting.id}`, async () => {
      await refreshBilling(queryClient, "files");
      notifySuccess(`${deleting.name} was deleted.`);
    });
  };

  return (
    <Stack gap="md">
      {uploadError && (
        <Alert color="red" role="alert" title="Could not upload the file">
          {uploadError}
        </Alert>
      )}
      <ManageOnly>
        <FileInput
          label="Upload a downloadable file"
          description="Files customers get with a “File downloads” benefit"
          placeholder={uploading ? "Uploading…" : "Choose a file"}
          value={null}
          disabled={uploading}
          onChange={(file) => void upload(file)}
          maw={420}
        />
      </ManageOnly>
      <BillingListView
        query={files}
        loadingLabel="Loading files"
        renderError={(error) => <CatalogError error={error} title="Could not load files" />}
        emptyText="No files yet."
        caption="Files"
        columns={["Name", "Kind", "Size", "Type", "Actions"]}
        minWidth={640}
        noun="Files"
        page={page}
        onPageChange={setPage}
        row={(file) => (
          <Table.Tr key={file.id}>
            <Table.Td style={{ overflowWrap: "anywhere" }}>
              {file.name} {!file.is_uploaded && <Badge color="yellow">Incomplete upload</Badge>}
            </Table.Td>
            <Table.Td>{SERVICE_LABELS[file.service] ?? file.service}</Table.Td>
            <Table.Td>{file.size_readable}</Table.Td>
            <Table.Td>{file.mime_type}</Table.Td>
            <Table.Td>
              <ManageOnly>
                <RowActions>
                  <RowButton label={`Delete ${file.name}`} danger onClick={() => setDeleting(file)}>
                    Delete
                  </RowButton>
                </RowActions>
              </ManageOnly>
            </Table.Td>
          </Table.Tr>
        )}
      />
      <ConfirmActionModal
        opened={deleting !== null}
        title="Delete file"
        description={`Delete ${deleting?.name ?? "this file"}? Benefits and products that use it lose it.`}
        confirmLabel="Delete"
        errorTitle="Could not delete the file"
        onClose={() => setDeleting(null)}
        onConfirm={remove}
      />
    </Stack>
  );
}
