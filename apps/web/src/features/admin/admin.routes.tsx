import { createRoute } from "@tanstack/react-router";
import { searchString } from "../../lib/search";
import { rootRoute } from "../../root-route";
import { AdminAuditLogPage } from "./AdminAuditLogPage";
import { AdminConsole } from "./AdminConsole";
import { AdminUserPage } from "./AdminUserPage";
import { AdminUsersPage } from "./AdminUsersPage";

// The platform-admin console: users, one user's page with sessions, and the audit log. The parent
// route is the guard, so no child renders for someone who is not a platform admin.

const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/admin",
  component: AdminConsole,
});

const adminUsersRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: "/",
  component: AdminUsersPage,
});

const adminUserRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: "users/$userId",
  component: function AdminUserRouteComponent() {
    const { userId } = adminUserRoute.useParams();
    // Keyed so that moving between users resets every form on the page.
    return <AdminUserPage key={userId} userId={userId} />;
  },
});

const adminAuditLogRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: "audit-log",
  validateSearch: (search: Record<string, unknown>): { actorUserId?: string; targetId?: string } => ({
    actorUserId: searchString(search.actorUserId),
    targetId: searchString(search.targetId),
  }),
  component: function AdminAuditLogRouteComponent() {
    return <AdminAuditLogPage {...adminAuditLogRoute.useSearch()} />;
  },
});

export const adminRoutes = [adminRoute.addChildren([adminUsersRoute, adminUserRoute, adminAuditLogRoute])];
