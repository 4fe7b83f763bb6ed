/** The header's active-organization picker (shows nothing until it is built). */
export function OrganizationSwitcher() {
  return null;
}
