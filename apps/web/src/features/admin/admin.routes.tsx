import { createRoute } from "@tanstack/react-router";
import { rootRoute } from "../../root-route";

// The platform-admin console (users, sessions, audit log) and the personal API-keys page.

const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/admin",
  component: () => null,
});

export const adminRoutes = [adminRoute];
