// Light client-side checks only: the server owns the real rules (password length
// limits are configurable there), and its messages are shown on failure.

export function requiredField(label: string) {
  return (value: string) => (value.trim() ? null : `${label} is required`);
}

export function emailField(value: string) {
  if (!value.trim()) return "Email is required";
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim()) ? null : "Enter a valid email address";
}

export function passwordField(value: string) {
  return value ? null : "Password is required";
}

export function matchesField<V extends Record<string, unknown>>(other: keyof V) {
  return (value: string, values: V) => (value === values[other] ? null : "Passwords do not match");
}

/** An optional http(s) URL, as picture and logo fields take. */
export function optionalUrlField(value: string) {
  if (!value.trim()) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === "https:" || url.protocol === "http:" ? null : "Use an http(s) URL";
  } catch {
    return "Enter a valid URL";
  }
}
