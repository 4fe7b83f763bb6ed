import { Stack, Table, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { ListTable } from "../../components/ListTable";
import { formatDateTime } from "../../lib/format";

interface ListedSession {
  id: string;
  userAgent?: string | null | undefined;
  ipAddress?: string | null | undefined;
  createdAt: Date | string;
  expiresAt: Date | string;
}

const deviceName = (userAgent: string | null | undefined) => userAgent?.trim() || "Unknown device";

interface SessionsTableProps<S extends ListedSession> {
  caption: string;
  sessions: S[];
  /** A mark under the device's name, e.g. "This device". */
  badge: (session: S) => ReactNode;
  /** The Actions cell; `device` is the name the row shows. */
  actions: (session: S, device: string) => ReactNode;
}

/** The devices signed in to one account, for its owner (account page) and for platform admins. */
export function SessionsTable<S extends ListedSession>({ caption, sessions, badge, actions }: SessionsTableProps<S>) {
  return (
    <ListTable caption={caption} columns={["Device", "IP address", "Created", "Expires", "Actions"]} minWidth={640}>
      {sessions.map((session) => {
        const device = deviceName(session.userAgent);
        return (
          <Table.Tr key={session.id}>
            <Table.Td style={{ overflowWrap: "anywhere" }}>
              <Stack gap={4} align="flex-start">
                <Text size="sm">{device}</Text>
                {badge(session)}
              </Stack>
            </Table.Td>
            <Table.Td>{session.ipAddress || "—"}</Table.Td>
            <Table.Td>{formatDateTime(session.createdAt)}</Table.Td>
            <Table.Td>{formatDateTime(session.expiresAt)}</Table.Td>
            <Table.Td>{actions(session, device)}</Table.Td>
          </Table.Tr>
        );
      })}
    </ListTable>
  );
}
