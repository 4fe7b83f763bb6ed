import { createRoute } from "@tanstack/react-router";
import { rootRoute } from "../../root-route";

// Organization screens: list and creation, settings, members, invitations, teams, roles, and the
// page an invitation mail links to.

const organizationsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/organizations",
  component: () => null,
});

export const organizationRoutes = [organizationsRoute];
