import { PasswordInput, type PasswordInputProps } from "@mantine/core";

/**
 * Mantine names the show/hide toggle "Toggle password visibility", which makes a
 * label lookup for "Password" ambiguous for assistive tech and browser tests alike.
 * The toggle's name here avoids repeating the field's label; aria-pressed tells its state.
 */
export function PasswordField(props: PasswordInputProps) {
  return <PasswordInput visibilityToggleButtonProps={{ "aria-label": "Show characters" }} {...props} />;
}
