import { Badge, Button, Code, Stack, Table, Text, Tooltip } from "@mantine/core";
import { Fragment, useState } from "react";
import { ListTable } from "../../components/ListTable";
import { formatDateTime } from "../../lib/format";
import type { AuditEntry, AuditOutcome } from "./audit.api";

const outcomeColors: Record<AuditOutcome, string> = { success: "green", denied: "orange", failed: "red" };

function actorLabel(entry: AuditEntry) {
  return entry.actorName || entry.actorEmail || entry.actorUserId || "System";
}

function detailsText(details: unknown): string | null {
  if (details === null || details === undefined || details === "") return null;
  if (typeof details === "string") {
    // Stored as JSON text; shown pretty when it parses.
    try {
      return JSON.stringify(JSON.parse(details), null, 2);
    } catch {
      return details;
    }
  }
  return JSON.stringify(details, null, 2);
}

/** Audit entries, newest first as the server sends them; each row's details open on demand. */
export function AuditLogTable({ entries, caption = "Audit log entries" }: { entries: AuditEntry[]; caption?: string }) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <ListTable
      caption={caption}
      columns={["Time", "Actor", "Action", "Outcome", "Target", "IP address", "Details"]}
      minWidth={860}
      verticalSpacing="xs"
    >
      {entries.map((entry) => {
        const details = detailsText(entry.details);
        const expanded = open.has(entry.id);
        const detailsId = `audit-details-${entry.id}`;
        return (
          <Fragment key={entry.id}>
            <Table.Tr>
              <Table.Td style={{ whiteSpace: "nowrap" }}>{formatDateTime(entry.createdAt)}</Table.Td>
              <Table.Td style={{ overflowWrap: "anywhere" }}>
                <Stack gap={2} align="flex-start">
                  <Text size="sm">{actorLabel(entry)}</Text>
                  {entry.actorEmail && entry.actorName && (
                    <Text size="xs" c="dimmed">
                      {entry.actorEmail}
                    </Text>
                  )}
                  {entry.impersonatorUserId && (
                    <Tooltip label={`Impersonated by user ${entry.impersonatorUserId}`}>
                      <Badge size="xs" color="orange" variant="light">
                        Impersonated
                      </Badge>
                    </Tooltip>
                  )}
                </Stack>
              </Table.Td>
              <Table.Td>
                <Code>{entry.action}</Code>
              </Table.Td>
              <Table.Td>
                <Badge color={outcomeColors[entry.outcome] ?? "gray"} variant="light">
                  {entry.outcome}
                </Badge>
                <Text span size="xs" c="dimmed" ml={4}>
                  {entry.status}
                </Text>
              </Table.Td>
              <Table.Td style={{ overflowWrap: "anywhere" }}>
                {entry.targetType || entry.targetId ? (
                  <Text size="sm">
                    {entry.targetType && <Text span c="dimmed" size="sm">{`${entry.targetType} `}</Text>}
                    {entry.targetId}
                  </Text>
                ) : (
                  "—"
                )}
              </Table.Td>
              <Table.Td>{entry.ipAddress || "—"}</Table.Td>
              <Table.Td>
                {details ? (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    aria-expanded={expanded}
                    aria-controls={expanded ? detailsId : undefined}
                    aria-label={`${expanded ? "Hide" : "Show"} details of ${entry.action} at ${formatDateTime(entry.createdAt)}`}
                    onClick={() => toggle(entry.id)}
                  >
                    {expanded ? "Hide" : "Show"}
                  </Button>
                ) : (
                  "—"
                )}
              </Table.Td>
            </Table.Tr>
            {details && expanded && (
              <Table.Tr id={detailsId}>
                <Table.Td colSpan={7}>
                  <Code block>{details}</Code>
                  {entry.userAgent && (
                    <Text size="xs" c="dimmed" mt={4}>
                      {entry.userAgent}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            )}
          </Fragment>
        );
      })}
    </ListTable>
  );
}
