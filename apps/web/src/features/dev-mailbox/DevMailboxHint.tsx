import { Text } from "@mantine/core";
import { AnchorLink } from "../../components/links";
import { useDevMailboxEnabled } from "./mailbox.api";

/** Under "we sent you a mail" screens: outside production the mail can be read right here. */
export function DevMailboxHint() {
  if (!useDevMailboxEnabled()) return null;
  return (
    <Text size="sm">
      Development mode: read the mail in the <AnchorLink to="/dev/mailbox">development mailbox</AnchorLink>.
    </Text>
  );
}
