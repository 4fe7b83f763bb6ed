import { createRoute, createRouter } from "@tanstack/react-router";
import { AccountPage, type AccountTab, isAccountTab } from "./features/account/AccountPage";
import { adminRoutes } from "./features/admin/admin.routes";
import { EmailVerifiedPage } from "./features/auth/EmailVerifiedPage";
import { ForgotPasswordPage } from "./features/auth/ForgotPasswordPage";
import { GoodbyePage } from "./features/auth/GoodbyePage";
import { ResetPasswordPage } from "./features/auth/ResetPasswordPage";
import { SignInPage, type SignInSearch } from "./features/auth/SignInPage";
import { SignUpPage } from "./features/auth/SignUpPage";
import { TwoFactorPage } from "./features/auth/TwoFactorPage";
import { catalogRoutes } from "./features/catalog/catalog.routes";
import { dashboardRoutes } from "./features/dashboard/dashboard.routes";
import { MailboxPage } from "./features/dev-mailbox/MailboxPage";
import { ErrorPage, type ErrorSearch } from "./features/errors/ErrorPage";
import { HomePage } from "./features/home/HomePage";
import { organizationRoutes } from "./features/organizations/organization.routes";
import { webhookRoutes } from "./features/webhooks/webhooks.routes";
import { searchString } from "./lib/search";
import { rootRoute } from "./root-route";

// A code-based route tree (no file-based codegen): every URL the app answers is
// listed here, and the server serves index.html for the same paths.

const homeRoute = createRoute({ getParentRoute: () => rootRoute, path: "/", component: HomePage });

const signUpRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/sign-up",
  // Where to continue once the account exists (an invitation page, say); only local paths are followed.
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => ({ redirect: searchString(search.redirect) }),
  component: function SignUpRouteComponent() {
    return <SignUpPage redirect={signUpRoute.useSearch().redirect} />;
  },
});

// OAuth and magic-link failures come back here (errorCallbackURL "/sign-in") with ?error=<code>.
const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/sign-in",
  validateSearch: (search: Record<string, unknown>): SignInSearch => ({
    error: searchString(search.error),
    error_description: searchString(search.error_description),
    redirect: searchString(search.redirect),
  }),
  component: function SignInRouteComponent() {
    return <SignInPage {...signInRoute.useSearch()} />;
  },
});

// Where a sign-in continues when the account has two-factor authentication on.
const twoFactorRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/two-factor",
  validateSearch: (search: Record<string, unknown>): { callbackURL?: string } => ({
    callbackURL: searchString(search.callbackURL),
  }),
  component: function TwoFactorRouteComponent() {
    return <TwoFactorPage callbackURL={twoFactorRoute.useSearch().callbackURL} />;
  },
});

const forgotPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/forgot-password",
  component: ForgotPasswordPage,
});

const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/reset-password",
  validateSearch: (search: Record<string, unknown>): { token?: string; error?: string } => ({
    token: searchString(search.token),
    error: searchString(search.error),
  }),
  component: function ResetPasswordRouteComponent() {
    return <ResetPasswordPage {...resetPasswordRoute.useSearch()} />;
  },
});

const emailVerifiedRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/email-verified",
  validateSearch: (search: Record<string, unknown>): { error?: string } => ({
    error: searchString(search.error),
  }),
  component: function EmailVerifiedRouteComponent() {
    return <EmailVerifiedPage {...emailVerifiedRoute.useSearch()} />;
  },
});

const accountRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/account",
  validateSearch: (search: Record<string, unknown>): { tab?: AccountTab } => ({
    tab: isAccountTab(search.tab) ? search.tab : undefined,
  }),
  component: function AccountRouteComponent() {
    return <AccountPage tab={accountRoute.useSearch().tab} />;
  },
});

const goodbyeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/goodbye",
  component: GoodbyePage,
});

const validateErrorSearch = (search: Record<string, unknown>): ErrorSearch => ({
  error: searchString(search.error),
  error_description: searchString(search.error_description),
});

const errorRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/error",
  validateSearch: validateErrorSearch,
  component: function ErrorRouteComponent() {
    return <ErrorPage {...errorRoute.useSearch()} />;
  },
});

// better-auth redirects failed OAuth/verification flows to its own /api/auth/error;
// the server answers that GET with index.html so the app renders the page.
const authErrorRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/api/auth/error",
  validateSearch: validateErrorSearch,
  component: function AuthErrorRouteComponent() {
    return <ErrorPage {...authErrorRoute.useSearch()} />;
  },
});

const devMailboxRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/dev/mailbox",
  component: MailboxPage,
});

const routeTree = rootRoute.addChildren([
  homeRoute,
  signUpRoute,
  signInRoute,
  twoFactorRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  emailVerifiedRoute,
  accountRoute,
  goodbyeRoute,
  errorRoute,
  authErrorRoute,
  devMailboxRoute,
  ...organizationRoutes,
  ...adminRoutes,
  ...dashboardRoutes,
  ...catalogRoutes,
  ...webhookRoutes,
]);

export const router = createRouter({
  routeTree,
  defaultPreload: "intent",
  scrollRestoration: true,
});

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}
