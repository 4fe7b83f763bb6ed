import { Code, Container, Paper, Stack, Text, Title } from "@mantine/core";
import { AnchorLink } from "../../components/links";
import { describeErrorCode } from "./error-codes";

export interface ErrorSearch {
  error?: string | undefined;
  error_description?: string | undefined;
}

/**
 * Rendered at /error and at /api/auth/error, where better-auth sends browsers
 * after a failed OAuth or verification redirect (the server serves index.html there).
 */
export function ErrorPage({ error, error_description: description }: ErrorSearch) {
  return (
    <Container size={560} py="xl">
      <Paper withBorder p="xl">
        <Stack gap="md">
          <Title order={1} size="h2">
            Something went wrong
          </Title>
          <Text>{describeErrorCode(error)}</Text>
          {error && (
            <Text size="sm">
              Error code: <Code>{error}</Code>
            </Text>
          )}
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
          <AnchorLink to="/">Back to the application</AnchorLink>
        </Stack>
      </Paper>
    </Container>
  );
}
