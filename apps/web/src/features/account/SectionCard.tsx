import { Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** A titled block inside an account tab; the heading gives screen readers a landmark to jump to. */
export function SectionCard({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder p="lg" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} size="h3">
          {title}
        </Title>
        {description && <Text c="dimmed">{description}</Text>}
        {children}
      </Stack>
    </Paper>
  );
}
