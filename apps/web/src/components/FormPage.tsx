import { Container, Paper, Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** The narrow, centred card used by every sign-in style screen. */
export function FormPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container size={440} py="xl">
      <Paper withBorder shadow="sm" p="xl" radius="md">
        <Stack gap="md">
          <Title order={1} size="h2">
            {title}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}
