import { Accordion, Badge, Code, Container, Group, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { useCallback, useState } from "react";
import { AnchorLink } from "../../components/links";
import { QueryView } from "../../components/QueryView";
import { type OpenApiDocument, useOpenApiDocument } from "./openapi.queries";
import { type OperationEntry, operationsByTag } from "./openapi-schema";
import { SchemaLinkContext, SchemaView, TypeLabel } from "./SchemaView";

const METHOD_COLORS: Record<string, string> = { get: "blue", post: "green", patch: "orange", put: "orange", delete: "red" };

/** The /v1 API as the server describes it (GET /v1/openapi.json), grouped by resource. */
export function ApiReferencePage() {
  const document = useOpenApiDocument();
  const [filter, setFilter] = useState("");
  const [openSchemas, setOpenSchemas] = useState<string[]>([]);
  // A type name in any table opens that schema in the list below and brings it into view.
  const openSchema = useCallback((name: string) => {
    setOpenSchemas((open) => (open.includes(name) ? open : [...open, name]));
    requestAnimationFrame(() => window.document.getElementById(`schema-${name}`)?.scrollIntoView({ behavior: "smooth", block: "start" }));
  }, []);
  return (
    <Container size="xl" py="md">
      <Stack gap="md">
        <div>
          <Title order={1} size="h2">
            API reference
          </Title>
          <Text c="dimmed" size="sm">
            The Polar-compatible billing API under <Code>/v1</Code>. Authenticate with <Code>Authorization: Bearer polar_oat_…</Code> (an{" "}
            <AnchorLink to="/dashboard/access-tokens">organization access token</AnchorLink>). The machine-readable description is at{" "}
            <a href="/v1/openapi.json">/v1/openapi.json</a>.
          </Text>
        </div>
        <TextInput
          label="Filter operations"
          placeholder="Path, operation ID or summary"
          value={filter}
          onChange={(event) => setFilter(event.currentTarget.value)}
          maw={420}
        />
        <QueryView query={document} loadingLabel="Loading the API description" errorTitle="Could not load the API description">
          {(data) => (
            <SchemaLinkContext.Provider value={openSchema}>
              <Operations document={data} filter={filter.trim().toLowerCase()} />
              <Schemas document={data} open={openSchemas} onChange={setOpenSchemas} />
            </SchemaLinkContext.Provider>
          )}
        </QueryView>
      </Stack>
    </Container>
  );
}

const matches = (entry: OperationEntry, filter: string) =>
  !filter ||
  [entry.path, entry.method, entry.operation.operationId, entry.operation.summary].some((text) => text?.toLowerCase().includes(filter));

function Operations({ document, filter }: { document: OpenApiDocument; filter: string }) {
  const groups = operationsByTag(document)
    .map(([tag, entries]) => [tag, entries.filter((entry) => matches(entry, filter))] as const)
    .filter(([, entries]) => entries.length > 0);
  if (groups.length === 0) return <Text c="dimmed">No operation matches.</Text>;
  return (
    <Stack gap="lg">
      {groups.map(([tag, entries]) => (
        <TagSection key={tag} document={document} tag={tag} entries={entries} />
      ))}
    </Stack>
  );
}

/** One resource's operations; an operation's details render only once opened (there are many). */
function TagSection({ document, tag, entries }: { document: OpenApiDocument; tag: string; entries: readonly OperationEntry[] }) {
  const [open, setOpen] = useState<string[]>([]);
  return (
    <section aria-labelledby={`tag-${tag}`}>
      <Title order={2} size="h3" id={`tag-${tag}`} mb="xs">
        {tag}
      </Title>
      <Accordion variant="separated" multiple value={open} onChange={setOpen}>
        {entries.map((entry) => {
          const value = `${entry.method} ${entry.path}`;
          return (
            <Accordion.Item key={value} value={value}>
              <Accordion.Control>
                <Group gap="sm" wrap="nowrap">
                  <Badge color={METHOD_COLORS[entry.method] ?? "gray"} w={72}>
                    {entry.method.toUpperCase()}
                  </Badge>
                  <Code>{entry.path}</Code>
                  <Text size="sm" truncate>
                    {entry.operation.summary}
                  </Text>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>{open.includes(value) && <OperationDetails document={document} entry={entry} />}</Accordion.Panel>
            </Accordion.Item>
          );
        })}
      </Accordion>
    </section>
  );
}

function OperationDetails({ document, entry }: { document: OpenApiDocument; entry: OperationEntry }) {
  const { operation } = entry;
  const parameters = operation.parameters ?? [];
  const body = operation.requestBody?.content?.["application/json"]?.schema;
  return (
    <Stack gap="md">
      <Text size="sm">
        Operation <Code>{operation.operationId ?? "—"}</Code>
      </Text>
      {operation.description && <Text size="sm">{operation.description}</Text>}
      {parameters.length > 0 && (
        <div>
          <Title order={4} size="h5" mb={4}>
            Parameters
          </Title>
          <Table.ScrollContainer minWidth={560}>
            <Table striped withTableBorder verticalSpacing={4} fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Name</Table.Th>
                  <Table.Th scope="col">In</Table.Th>
                  <Table.Th scope="col">Type</Table.Th>
                  <Table.Th scope="col">Required</Table.Th>
                  <Table.Th scope="col">Description</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {parameters.map((parameter) => (
                  <Table.Tr key={`${parameter.in} ${parameter.name}`}>
                    <Table.Td>
                      <Code>{parameter.name}</Code>
                    </Table.Td>
                    <Table.Td>{parameter.in}</Table.Td>
                    <Table.Td style={{ overflowWrap: "anywhere" }}>
                      <TypeLabel schema={parameter.schema} />
                    </Table.Td>
                    <Table.Td>
                      {parameter.required ? (
                        <Badge size="xs">required</Badge>
                      ) : (
                        <Text size="xs" c="dimmed">
                          optional
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{parameter.description ?? parameter.schema?.description ?? ""}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </div>
      )}
      {body && (
        <div>
          <Title order={4} size="h5" mb={4}>
            Request body
          </Title>
          <SchemaView document={document} schema={body} />
        </div>
      )}
      <div>
        <Title order={4} size="h5" mb={4}>
          Responses
        </Title>
        <Stack gap="sm">
          {Object.entries(operation.responses ?? {}).map(([status, response]) => {
            const schema = response.content?.["application/json"]?.schema;
            return (
              <Stack key={status} gap={4}>
                <Text size="sm">
                  <Badge variant="light" color={status.startsWith("2") ? "green" : "gray"}>
                    {status}
                  </Badge>{" "}
                  {response.description}
                </Text>
                {schema && <SchemaView document={document} schema={schema} />}
              </Stack>
            );
          })}
        </Stack>
      </div>
    </Stack>
  );
}

/** Every named schema of the document, each unfolding to its properties. */
function Schemas({ document, open, onChange }: { document: OpenApiDocument; open: string[]; onChange: (open: string[]) => void }) {
  const names = Object.keys(document.components?.schemas ?? {}).sort((a, b) => a.localeCompare(b));
  return (
    <section aria-labelledby="schemas-title">
      <Title order={2} size="h3" id="schemas-title" mt="xl" mb="xs">
        Schemas
      </Title>
      <Accordion variant="contained" multiple value={open} onChange={onChange}>
        {names.map((name) => (
          <Accordion.Item key={name} value={name} id={`schema-${name}`}>
            <Accordion.Control>
              <Code>{name}</Code>
            </Accordion.Control>
            <Accordion.Panel>
              {open.includes(name) && <SchemaView document={document} schema={{ $ref: `#/components/schemas/${name}` }} />}
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </section>
  );
}
