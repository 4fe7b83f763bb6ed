// <input type="datetime-local"> speaks local wall-clock time without a zone; the API speaks ISO
// instants. These convert between the two in the viewer's time zone.

/** ISO instant → "2026-05-01T09:30" in local time, or "" for none. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** "2026-05-01T09:30" (local) → ISO instant with Z, or null for an empty field. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
