import { createRootRoute } from "@tanstack/react-router";
import { AppLayout } from "./components/AppLayout";
import { NotFoundPage } from "./features/errors/NotFoundPage";

/** The root of the route tree; feature route files hang their routes under it. */
export const rootRoute = createRootRoute({
  component: AppLayout,
  notFoundComponent: NotFoundPage,
});
