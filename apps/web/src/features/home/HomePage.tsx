import { Container, Group, Stack, Text, Title } from "@mantine/core";
import { AnchorLink, ButtonLink } from "../../components/links";
import { PageLoader } from "../../components/PageLoader";
import { authClient } from "../../lib/auth-client";

export function HomePage() {
  const { data: session, isPending } = authClient.useSession();

  return (
    <Container size={640} py="xl">
      <Stack gap="lg">
        <Title order={1}>Gatehouse</Title>
        <Text size="lg">Accounts and billing for your product, on your own server.</Text>
        {isPending ? (
          <PageLoader label="Checking your session" />
        ) : session ? (
          <Stack gap="sm">
            <Text>Signed in as {session.user.email}.</Text>
            <Group>
              <ButtonLink to="/account">Go to your account</ButtonLink>
              <ButtonLink to="/dashboard" variant="default">
                Billing dashboard
              </ButtonLink>
            </Group>
          </Stack>
        ) : (
          <Group>
            <ButtonLink to="/sign-in">Sign in</ButtonLink>
            <ButtonLink to="/sign-up" variant="default">
              Create an account
            </ButtonLink>
          </Group>
        )}
        <Text size="sm" c="dimmed">
          Building on the billing API? Read the <AnchorLink to="/api-reference">API reference</AnchorLink>.
        </Text>
      </Stack>
    </Container>
  );
}
