import { createRoute } from "@tanstack/react-router";
import { searchString } from "../../lib/search";
import { rootRoute } from "../../root-route";
import { AcceptInvitationPage } from "./AcceptInvitationPage";
import { isOrganizationTab, OrganizationPage, type OrganizationTab } from "./OrganizationPage";
import { OrganizationsPage } from "./OrganizationsPage";

// Organization screens: list and creation, settings, members, invitations, teams, roles, and the
// page an invitation mail links to.

const organizationsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/organizations",
  component: OrganizationsPage,
});

// By slug, not id: the address is one people read and share. The tab lives in `?tab=`.
const organizationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/organizations/$slug",
  validateSearch: (search: Record<string, unknown>): { tab?: OrganizationTab } => ({
    tab: isOrganizationTab(search.tab) ? search.tab : undefined,
  }),
  component: function OrganizationRouteComponent() {
    const { slug } = organizationRoute.useParams();
    const { tab } = organizationRoute.useSearch();
    // A new key per organization: switching organizations starts every tab's forms afresh.
    return <OrganizationPage key={slug} slug={slug} tab={tab} />;
  },
});

// The invitation mail's link (mailTemplates.organizationInvitation).
const acceptInvitationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/accept-invitation/$invitationId",
  validateSearch: (search: Record<string, unknown>): { error?: string } => ({ error: searchString(search.error) }),
  component: function AcceptInvitationRouteComponent() {
    const { invitationId } = acceptInvitationRoute.useParams();
    return <AcceptInvitationPage invitationId={invitationId} error={acceptInvitationRoute.useSearch().error} />;
  },
});

export const organizationRoutes = [organizationsRoute, organizationRoute, acceptInvitationRoute];
