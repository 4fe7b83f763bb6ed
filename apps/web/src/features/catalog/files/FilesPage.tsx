import { Alert, Badge, FileInput, Stack, Table, Text } from "@mantine/core";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmActionModal } from "../../../components/ConfirmActionModal";
import { ListTable } from "../../../components/ListTable";
import { PagedListFooter } from "../../../components/PagedListFooter";
import { QueryView } from "../../../components/QueryView";
import { RowActions, RowButton } from "../../../components/RowActions";
import { billingApi, type ListResource } from "../../../lib/billing-api";
import { notifySuccess } from "../../../lib/notify";
import { DashboardLayout } from "../../dashboard/DashboardLayout";
import { CatalogError, formFailure } from "../CatalogError";
import { catalogKeys, type FileRead, PAGE_SIZE, refreshCatalog } from "../catalog.api";
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
  const params = { page, limit: PAGE_SIZE };
  const files = useQuery({
    queryKey: catalogKeys.files(params),
    queryFn: () => billingApi<ListResource<FileRead>>("/v1/files/", { query: params }),
    placeholderData: keepPreviousData,
  });

  const upload = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    setUploadError(null);
    try {
      const uploaded = await uploadFile(file, "downloadable");
      await refreshCatalog(queryClient, "files");
      notifySuccess(`${uploaded.name} was uploaded.`);
    } catch (error) {
      setUploadError(formFailure(error).message);
    } finally {
      setUploading(false);
    }
  };

  const remove = async () => {
    if (!deleting) return null;
    try {
      await billingApi<undefined>(`/v1/files/${deleting.id}`, { method: "DELETE" });
      await refreshCatalog(queryClient, "files");
      notifySuccess(`${deleting.name} was deleted.`);
      return null;
    } catch (error) {
      return { message: formFailure(error).message };
    }
  };

  return (
    <Stack gap="md">
      {uploadError && (
        <Alert color="red" role="alert" title="Could not upload the file">
          {uploadError}
        </Alert>
      )}
      <FileInput
        label="Upload a downloadable file"
        description="Files customers get with a “File downloads” benefit"
        placeholder={uploading ? "Uploading…" : "Choose a file"}
        value={null}
        disabled={uploading}
        onChange={(file) => void upload(file)}
        maw={420}
      />
      <QueryView
        query={files}
        loadingLabel="Loading files"
        renderError={(error) => <CatalogError error={error} title="Could not load files" />}
      >
        {(list) =>
          list.items.length === 0 ? (
            <Text c="dimmed">No files yet.</Text>
          ) : (
            <Stack gap="sm">
              <ListTable caption="Files" columns={["Name", "Kind", "Size", "Type", "Actions"]} minWidth={640}>
                {list.items.map((file) => (
                  <Table.Tr key={file.id}>
                    <Table.Td style={{ overflowWrap: "anywhere" }}>
                      {file.name} {!file.is_uploaded && <Badge color="yellow">Incomplete upload</Badge>}
                    </Table.Td>
                    <Table.Td>{SERVICE_LABELS[file.service] ?? file.service}</Table.Td>
                    <Table.Td>{file.size_readable}</Table.Td>
                    <Table.Td>{file.mime_type}</Table.Td>
                    <Table.Td>
                      <RowActions>
                        <RowButton label={`Delete ${file.name}`} danger onClick={() => setDeleting(file)}>
                          Delete
                        </RowButton>
                      </RowActions>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </ListTable>
              <PagedListFooter
                noun="Files"
                shown={list.items.length}
                total={list.pagination.total_count}
                page={page}
                pageSize={PAGE_SIZE}
                onPageChange={setPage}
              />
            </Stack>
          )
        }
      </QueryView>
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
