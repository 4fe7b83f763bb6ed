import { createRoute, type RouteComponent } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { rootRoute } from "../../root-route";

// Dashboard pages are all top-level routes that draw their own frame (DashboardLayout); these two
// helpers keep their declarations to one line each.

/** A page at `path`. */
export function dashboardPage<TPath extends string>(path: TPath, component: RouteComponent) {
  return createRoute({ getParentRoute: () => rootRoute, path, component });
}

/**
 * A page about one object (`…/$id`), given the id. Keyed by it, so moving from one object to
 * another (or from "new" to the created one) starts a fresh form.
 */
export function dashboardDetailPage<TPath extends `${string}/$id`>(path: TPath, Page: (props: { id: string }) => ReactNode) {
  const route = createRoute({
    getParentRoute: () => rootRoute,
    path,
    component: function DetailRouteComponent() {
      const { id } = route.useParams() as { id: string };
      return <Page key={id} id={id} />;
    },
  });
  return route;
}
