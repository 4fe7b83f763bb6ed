import { notifications } from "@mantine/notifications";
import { type AuthCallError, errorMessage } from "./errors";

export function notifySuccess(message: string, title?: string) {
  notifications.show({ color: "green", title, message });
}

/** Shows the server's own error message so users see what actually went wrong. */
export function notifyError(error: AuthCallError | Error | null | undefined, title = "Error") {
  notifications.show({ color: "red", title, message: errorMessage(error) });
}
