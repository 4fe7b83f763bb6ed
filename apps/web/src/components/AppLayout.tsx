import { Anchor, AppShell, Box, Burger, Group, NavLink } from "@mantine/core";
import { useDisclosure, useMediaQuery } from "@mantine/hooks";
import { Outlet, useLocation } from "@tanstack/react-router";
import { useEffect } from "react";
import { ImpersonationBanner } from "../features/admin/ImpersonationBanner";
import { OrganizationSwitcher } from "../features/organizations/OrganizationSwitcher";
import { authClient } from "../lib/auth-client";
import { ColorSchemeToggle } from "./ColorSchemeToggle";
import { AnchorLink, ButtonLink, NavLinkLink } from "./links";
import { useNavItems } from "./nav-items";
import { UserMenu, useSignOut } from "./UserMenu";

const isActive = (pathname: string, to: string) => (to === "/" ? pathname === "/" : pathname === to || pathname.startsWith(`${to}/`));

export function AppLayout() {
  // The navbar only exists on small screens, as the burger's drawer; on wide
  // screens the same links sit in the header.
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  const { data: session } = authClient.useSession();
  const navItems = useNavItems();
  const signOut = useSignOut();
  // Mantine's "sm" breakpoint: past it the burger disappears, so the drawer must too.
  const wide = useMediaQuery("(min-width: 48em)");
  useEffect(() => {
    if (wide) close();
  }, [wide, close]);

  return (
    <AppShell header={{ height: 60 }} navbar={{ width: 260, breakpoint: "sm", collapsed: { desktop: true, mobile: !opened } }} padding="md">
      <AppShell.Header>
        <Anchor href="#main-content" className="skip-link">
          Skip to content
        </Anchor>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="md" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={opened ? "Close navigation" : "Open navigation"}
              aria-expanded={opened}
              aria-controls="mobile-navigation"
            />
            <AnchorLink to="/" fw={700} size="lg" underline="never" c="var(--mantine-color-text)">
              Gatehouse
            </AnchorLink>
            <Box component="nav" aria-label="Main" visibleFrom="sm">
              <Group gap={4}>
                {navItems.map((item) => (
                  <ButtonLink key={item.to} to={item.to} variant={isActive(pathname, item.to) ? "light" : "subtle"} size="compact-md">
                    {item.label}
                  </ButtonLink>
                ))}
              </Group>
            </Box>
          </Group>
          <Group gap="sm" wrap="nowrap">
            {session && <OrganizationSwitcher />}
            <ColorSchemeToggle />
            {session && <UserMenu user={session.user} />}
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="md" id="mobile-navigation">
        {/* A collapsed navbar is only slid off-screen; rendering its links only while
            open keeps them out of the tab order and the accessibility tree. */}
        {opened && (
          <Box component="nav" aria-label="Main">
            {navItems.map((item) => (
              <NavLinkLink key={item.to} to={item.to} label={item.label} active={isActive(pathname, item.to)} onClick={close} />
            ))}
            {session && (
              <NavLink
                component="button"
                type="button"
                label="Sign out"
                c="red"
                onClick={() => {
                  close();
                  void signOut();
                }}
              />
            )}
          </Box>
        )}
      </AppShell.Navbar>

      <AppShell.Main id="main-content" tabIndex={-1}>
        {session && <ImpersonationBanner />}
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
