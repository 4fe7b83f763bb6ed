import { Container, Stack, Text, Title } from "@mantine/core";
import { AnchorLink } from "../../components/links";

export function NotFoundPage() {
  return (
    <Container size={560} py="xl">
      <Stack gap="md">
        <Title order={1} size="h2">
          Page not found
        </Title>
        <Text>There is nothing at this address.</Text>
        <AnchorLink to="/">Back to the application</AnchorLink>
      </Stack>
    </Container>
  );
}
