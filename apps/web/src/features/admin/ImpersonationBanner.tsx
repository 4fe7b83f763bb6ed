/** Shown on every page while a platform admin is impersonating someone (nothing until it is built). */
export function ImpersonationBanner() {
  return null;
}
