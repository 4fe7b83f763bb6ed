import { Alert, Button, Code, CopyButton, Group, List, Stack, Text } from "@mantine/core";

/** Backup codes are shown once; copying or downloading them is the whole point of this screen. */
export function BackupCodes({ codes, title, onDone }: { codes: string[]; title: string; onDone: () => void }) {
  const text = `${codes.join("\n")}\n`;

  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = "gatehouse-backup-codes.txt";
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <Stack gap="sm">
      <Alert color="yellow" title={title}>
        Each code signs you in once if you lose your authenticator app. Keep them somewhere safe, such as a password manager — this is the
        only time they are shown.
      </Alert>
      <List listStyleType="none" aria-label="Backup codes" spacing={4}>
        {codes.map((code) => (
          <List.Item key={code}>
            <Code fz="md">{code}</Code>
          </List.Item>
        ))}
      </List>
      <Group>
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy}>
              {copied ? "Copied" : "Copy codes"}
            </Button>
          )}
        </CopyButton>
        <Button variant="default" onClick={download}>
          Download codes
        </Button>
        <Button onClick={onDone}>I saved my codes</Button>
      </Group>
      <Text size="sm" c="dimmed">
        Used all of them? Regenerate a new set here at any time.
      </Text>
    </Stack>
  );
}
