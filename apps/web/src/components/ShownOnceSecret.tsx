import { Alert, Button, Code, CopyButton, Group, Stack, Text } from "@mantine/core";

interface ShownOnceSecretProps {
  secret: string;
  /** What the secret is called on the buttons and the warning: "key", "token", "secret". */
  noun: string;
  /** Why it will not be shown again, and what to do if it is lost. */
  warning: string;
  /** The line above the secret. */
  intro: string;
  /** The accessible name of the secret's text ("New API key"). */
  label: string;
  testId?: string;
  /** The "I copied the …" button: the caller closes its dialog and forgets the secret. */
  onDone: () => void;
}

/**
 * A secret the server answers in full only once (an API key, an access token, a webhook signing
 * secret), with a copy button and a warning to copy it before moving on.
 */
export function ShownOnceSecret({ secret, noun, warning, intro, label, testId, onDone }: ShownOnceSecretProps) {
  return (
    <Stack gap="sm">
      <Alert color="yellow" role="alert" title={`Copy this ${noun} now`}>
        {warning}
      </Alert>
      <Text size="sm">{intro}</Text>
      <Code block data-testid={testId} aria-label={label} style={{ overflowWrap: "anywhere", whiteSpace: "pre-wrap" }}>
        {secret}
      </Code>
      <Group justify="flex-end">
        <CopyButton value={secret}>
          {({ copied, copy }) => (
            <Button variant={copied ? "light" : "default"} color={copied ? "green" : undefined} onClick={copy}>
              {copied ? "Copied" : `Copy ${noun}`}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone}>{`I copied the ${noun}`}</Button>
      </Group>
    </Stack>
  );
}
