import { Alert, Box, Button, Container, Grid, Group, NavLink, Paper, ScrollArea, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { PageLoader } from "../../components/PageLoader";
import { formatDateTime } from "../../lib/format";
import { LinkifiedText } from "./LinkifiedText";
import { type DevMail, useDevMailbox } from "./mailbox.api";

export function MailboxPage() {
  const mailbox = useDevMailbox({ poll: true });
  const [selectedId, setSelectedId] = useState<string | null>(null);

  const header = (
    <Group justify="space-between" mb="md">
      <Title order={1} size="h2">
        Development mailbox
      </Title>
      <Button variant="default" onClick={() => mailbox.refetch()} loading={mailbox.isFetching}>
        Refresh
      </Button>
    </Group>
  );

  if (mailbox.isPending) return <PageLoader label="Loading mails" />;
  if (mailbox.isError) {
    return (
      <Container size="lg" py="md">
        {header}
        <Alert color="red" title="Could not load the mailbox">
          {mailbox.error.message}
        </Alert>
      </Container>
    );
  }
  if (!mailbox.data.enabled) {
    return (
      <Container size="lg" py="md">
        <Title order={1} size="h2" mb="md">
          Development mailbox
        </Title>
        <Alert color="gray">The development mailbox is off in production.</Alert>
      </Container>
    );
  }

  const { mails } = mailbox.data;
  const selected = mails.find((mail) => mail.id === selectedId) ?? null;

  return (
    <Container size="lg" py="md">
      {header}
      <Text c="dimmed" size="sm" mb="md">
        Emails the server would have sent, newest first. Refreshes every 3 seconds.
      </Text>
      {mails.length === 0 ? (
        <Alert color="gray">No mail yet.</Alert>
      ) : (
        <Grid>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Paper withBorder>
              <ScrollArea.Autosize mah={600}>
                <Box component="nav" aria-label="Mails">
                  {mails.map((mail) => (
                    <NavLink
                      key={mail.id}
                      component="button"
                      type="button"
                      active={mail.id === selected?.id}
                      aria-current={mail.id === selected?.id ? "true" : undefined}
                      label={mail.subject}
                      description={`${mail.to} · ${formatDateTime(mail.createdAt)}`}
                      onClick={() => setSelectedId(mail.id)}
                    />
                  ))}
                </Box>
              </ScrollArea.Autosize>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            {selected ? <MailView mail={selected} /> : <Text c="dimmed">Select a mail to read it.</Text>}
          </Grid.Col>
        </Grid>
      )}
    </Container>
  );
}

function MailView({ mail }: { mail: DevMail }) {
  return (
    <Paper withBorder p="md" component="article" aria-label={`Mail: ${mail.subject}`}>
      <Stack gap="xs">
        <Title order={2} size="h3">
          {mail.subject}
        </Title>
        <Text size="sm">
          <Text span fw={600}>
            To:
          </Text>{" "}
          {mail.to}
        </Text>
        <Text size="sm" c="dimmed">
          {formatDateTime(mail.createdAt)}
        </Text>
        <Text component="div" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          <LinkifiedText text={mail.text} />
        </Text>
      </Stack>
    </Paper>
  );
}
