import { Anchor, Badge, Code, Stack, Table, Text } from "@mantine/core";
import { createContext, type ReactNode, useContext } from "react";
import type { OpenApiDocument, SchemaObject } from "./openapi.queries";
import { refName, resolve, typeLabel, unionMembers } from "./openapi-schema";

/** How deep named schemas unfold: the body itself and the variants of a union, not every nested type. */
const MAX_DEPTH = 2;

/** Opens a named schema in the page's schema list; absent where there is no list to open. */
export const SchemaLinkContext = createContext<((name: string) => void) | null>(null);

/** The one named schema a property is about (Customer, Customer[], Customer | null), if any. */
function linkedName(schema: SchemaObject | undefined): string | null {
  if (!schema) return null;
  if (schema.$ref) return refName(schema.$ref);
  if (schema.type === "array") return linkedName(schema.items);
  const members = unionMembers(schema);
  return members.length === 1 ? linkedName(members[0]) : null;
}

/** A type expression; when it names one schema, that name opens it. */
export function TypeLabel({ schema }: { schema: SchemaObject | undefined }): ReactNode {
  const open = useContext(SchemaLinkContext);
  const name = linkedName(schema);
  const label = typeLabel(schema);
  if (!open || !name) return label;
  return (
    <Anchor component="button" type="button" size="sm" onClick={() => open(name)} style={{ overflowWrap: "anywhere" }}>
      {label}
    </Anchor>
  );
}

/** A schema as people read it: its name, then its properties (type, required) or its variants. */
export function SchemaView({
  document,
  schema,
  depth = 0,
}: {
  document: OpenApiDocument;
  schema: SchemaObject | undefined;
  depth?: number;
}) {
  const resolved = resolve(document, schema);
  if (!schema || !resolved) return <Text size="sm">No body.</Text>;
  const members = unionMembers(resolved);
  return (
    <Stack gap={6}>
      <Text size="sm" component="div">
        <Code>{typeLabel(schema)}</Code>
        {resolved.description && schema.$ref && (
          <Text span size="sm" c="dimmed">
            {" "}
            — {resolved.description}
          </Text>
        )}
      </Text>
      {resolved.properties ? (
        <PropertiesTable document={document} schema={resolved} />
      ) : members.length > 0 && depth < MAX_DEPTH ? (
        <Stack gap="xs" pl="md">
          <Text size="xs" c="dimmed">
            One of:
          </Text>
          {members.map((member) => (
            <SchemaView key={typeLabel(member)} document={document} schema={member} depth={depth + 1} />
          ))}
        </Stack>
      ) : resolved.type === "array" && resolved.items && depth < MAX_DEPTH ? (
        <Stack gap="xs" pl="md">
          <Text size="xs" c="dimmed">
            Items:
          </Text>
          <SchemaView document={document} schema={resolved.items} depth={depth + 1} />
        </Stack>
      ) : null}
    </Stack>
  );
}

function PropertiesTable({ document, schema }: { document: OpenApiDocument; schema: SchemaObject }) {
  const required = new Set(schema.required ?? []);
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped withTableBorder verticalSpacing={4} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Property</Table.Th>
            <Table.Th scope="col">Type</Table.Th>
            <Table.Th scope="col">Required</Table.Th>
            <Table.Th scope="col">Description</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {Object.entries(schema.properties ?? {}).map(([name, property]) => (
            <Table.Tr key={name}>
              <Table.Td>
                <Code>{name}</Code>
              </Table.Td>
              <Table.Td style={{ overflowWrap: "anywhere" }}>
                <TypeLabel schema={property} />
              </Table.Td>
              <Table.Td>
                {required.has(name) ? (
                  <Badge size="xs">required</Badge>
                ) : (
                  <Text size="xs" c="dimmed">
                    optional
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{(resolve(document, property) ?? property).description ?? ""}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
