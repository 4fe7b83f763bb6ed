import { Alert, Button, FileInput, Group, Image, SimpleGrid, Stack, Text } from "@mantine/core";
import { useState } from "react";
import type { FileRead } from "../catalog.api";
import { uploadFile } from "../files/upload";

interface ProductMediasProps {
  value: string[];
  /** The product's media as loaded, to show files already attached. */
  initial: FileRead[];
  onChange: (ids: string[]) => void;
}

/** Images shown with the product: uploaded here (files flow, service product_media), saved with the product. */
export function ProductMedias({ value, initial, onChange }: ProductMediasProps) {
  const [known, setKnown] = useState<FileRead[]>(initial);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const files = value.map((id) => known.find((file) => file.id === id)).filter((file): file is FileRead => file !== undefined);

  const upload = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    setError(null);
    try {
      const uploaded = await uploadFile(file, "product_media");
      setKnown((list) => [...list, uploaded]);
      onChange([...value, uploaded.id]);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : "The upload failed.");
    } finally {
      setUploading(false);
    }
  };

  return (
    <Stack gap="sm">
      {error && (
        <Alert color="red" role="alert" title="Could not upload the image">
          {error}
        </Alert>
      )}
      {files.length === 0 && <Text c="dimmed">No images yet.</Text>}
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {files.map((file) => (
          <Stack key={file.id} gap={4}>
            {file.public_url ? (
              <Image src={file.public_url} alt={file.name} radius="sm" h={96} fit="cover" />
            ) : (
              <Text size="sm">{file.name}</Text>
            )}
            <Group justify="space-between" gap={4}>
              <Text size="xs" c="dimmed" truncate>
                {file.size_readable}
              </Text>
              <Button
                size="compact-xs"
                variant="subtle"
                color="red"
                aria-label={`Remove image ${file.name}`}
                onClick={() => onChange(value.filter((id) => id !== file.id))}
              >
                Remove
              </Button>
            </Group>
          </Stack>
        ))}
      </SimpleGrid>
      <FileInput
        label="Upload an image"
        accept="image/png,image/jpeg,image/webp,image/gif"
        value={null}
        onChange={(file) => void upload(file)}
        disabled={uploading}
        placeholder={uploading ? "Uploading…" : "Choose a file"}
      />
    </Stack>
  );
}
