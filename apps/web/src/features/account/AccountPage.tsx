import { Container, Stack, Tabs, Text, Title } from "@mantine/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Navigate, useNavigate } from "@tanstack/react-router";
import { PageLoader } from "../../components/PageLoader";
import { type AuthSession, authClient } from "../../lib/auth-client";
import { unwrap } from "../../lib/errors";
import { ApiKeysSection } from "../api-keys/ApiKeysSection";
import { DangerZoneSection } from "./DangerZoneSection";
import { EmailSection } from "./EmailSection";
import { LinkedAccountsSection } from "./LinkedAccountsSection";
import { PasskeysSection } from "./PasskeysSection";
import { PasswordSection } from "./PasswordSection";
import { ProfileSection } from "./ProfileSection";
import { SessionsSection } from "./SessionsSection";
import { TwoFactorSection } from "./TwoFactorSection";

export const accountTabs = ["profile", "email", "password", "security", "sessions", "accounts", "api-keys", "danger"] as const;
export type AccountTab = (typeof accountTabs)[number];

export function isAccountTab(value: unknown): value is AccountTab {
  return typeof value === "string" && (accountTabs as readonly string[]).includes(value);
}

const tabLabels: Record<AccountTab, string> = {
  profile: "Profile",
  email: "Email",
  password: "Password",
  security: "Security",
  sessions: "Sessions",
  accounts: "Linked accounts",
  "api-keys": "API keys",
  danger: "Danger zone",
};

/**
 * Requires a session; the selected tab lives in `?tab=` so it can be linked to. The session is read
 * past the cookie cache here: a session revoked from another device must not keep showing the
 * account page for the cache's lifetime.
 */
export function AccountPage({ tab = "profile" }: { tab?: AccountTab | undefined }) {
  const { data: session, isPending, isRefetching } = authClient.useSession();
  const confirmed = useQuery({
    queryKey: ["account", "confirmed-session", session?.session.id ?? null],
    queryFn: async () => unwrap(await authClient.getSession({ query: { disableCookieCache: true } })),
    // Enabling or disabling two-factor replaces the session (new id): keep the page mounted while
    // the new one is confirmed, or the setup steps and one-time backup codes would be lost.
    placeholderData: keepPreviousData,
  });

  // While a refetch is in flight the store may still hold the pre-sign-in null.
  if (!session && (isPending || isRefetching)) return <PageLoader label="Loading your account" />;
  if (confirmed.isPending) return <PageLoader label="Loading your account" />;
  if (!session || !confirmed.data) return <Navigate to="/sign-in" replace />;
  return <AccountTabs session={session} tab={tab} />;
}

function AccountTabs({ session, tab }: { session: AuthSession; tab: AccountTab }) {
  const navigate = useNavigate();
  return (
    <Container size="md" py="md">
      <Title order={1} size="h2">
        Your account
      </Title>
      <Text c="dimmed" mb="md">
        {session.user.email}
      </Text>
      <Tabs
        value={tab}
        // Inactive panels are unmounted so that labels like "Password" are unique on screen.
        keepMounted={false}
        onChange={(value) => {
          if (isAccountTab(value)) void navigate({ to: "/account", search: { tab: value }, replace: true });
        }}
      >
        <Tabs.List mb="md" aria-label="Account settings">
          {accountTabs.map((value) => (
            <Tabs.Tab key={value} value={value} color={value === "danger" ? "red" : undefined}>
              {tabLabels[value]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="profile">
          <ProfileSection user={session.user} />
        </Tabs.Panel>
        <Tabs.Panel value="email">
          <EmailSection user={session.user} />
        </Tabs.Panel>
        <Tabs.Panel value="password">
          <PasswordSection />
        </Tabs.Panel>
        <Tabs.Panel value="security">
          <Stack gap="md">
            <PasskeysSection />
            <TwoFactorSection enabled={session.user.twoFactorEnabled === true} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="sessions">
          <SessionsSection currentSession={session.session} />
        </Tabs.Panel>
        <Tabs.Panel value="accounts">
          <LinkedAccountsSection />
        </Tabs.Panel>
        <Tabs.Panel value="api-keys">
          <ApiKeysSection />
        </Tabs.Panel>
        <Tabs.Panel value="danger">
          <DangerZoneSection />
        </Tabs.Panel>
      </Tabs>
    </Container>
  );
}
