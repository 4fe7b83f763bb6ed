import { Alert, Box, Container, Group, Title } from "@mantine/core";
import { Navigate, Outlet, useLocation } from "@tanstack/react-router";
import { AnchorLink, ButtonLink } from "../../components/links";
import { PageLoader } from "../../components/PageLoader";
import { authClient } from "../../lib/auth-client";
import { useCanAdminister } from "./admin.queries";

/** The frame of every /admin page: only platform admins get past it. */
export function AdminConsole() {
  const { data: session, isPending, isRefetching } = authClient.useSession();
  const access = useCanAdminister(session?.user);
  const { pathname } = useLocation();

  if (!session && (isPending || isRefetching)) return <PageLoader label="Loading the admin console" />;
  if (!session) return <Navigate to="/sign-in" replace />;
  if (access.pending) return <PageLoader label="Loading the admin console" />;
  if (!access.allowed)
    return (
      <Container size="sm" py="xl">
        <Alert color="red" role="alert" title="Not allowed">
          You are not allowed to use the admin console: it is for platform administrators only.{" "}
          <AnchorLink to="/">Back to the home page</AnchorLink>
        </Alert>
      </Container>
    );

  const onAuditLog = pathname.startsWith("/admin/audit-log");
  return (
    <Container size="xl" py="md">
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title order={1} size="h2">
          Admin console
        </Title>
        <Box component="nav" aria-label="Admin console">
          <Group gap={4}>
            <ButtonLink to="/admin" variant={onAuditLog ? "subtle" : "light"} aria-current={onAuditLog ? undefined : "page"}>
              Users
            </ButtonLink>
            <ButtonLink to="/admin/audit-log" variant={onAuditLog ? "light" : "subtle"} aria-current={onAuditLog ? "page" : undefined}>
              Audit log
            </ButtonLink>
          </Group>
        </Box>
      </Group>
      <Outlet />
    </Container>
  );
}
