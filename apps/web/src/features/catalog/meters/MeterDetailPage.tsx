import { Alert, Badge, Card, Group, Progress, Select, Stack, Table, Text, Title, VisuallyHidden } from "@mantine/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { AnchorLink } from "../../../components/links";
import { PageLoader } from "../../../components/PageLoader";
import { LoadErrorAlert } from "../../../components/QueryView";
import { billingApi } from "../../../lib/billing-api";
import { DashboardLayout } from "../../dashboard/DashboardLayout";
import { useBillingKey } from "../../dashboard/dashboard.queries";
import { CatalogError } from "../CatalogError";
import type { Meter } from "../catalog.api";
import { aggregationText, filterText } from "./meter-text";

interface MeterQuantities {
  quantities: { timestamp: string; quantity: number }[];
  total: number;
}

type Interval = "hour" | "day" | "week" | "month";

// Ranges that end now, each with an interval that gives a readable number of rows.
const RANGES = {
  "24h": { label: "Last 24 hours, by hour", hours: 24, interval: "hour" },
  "7d": { label: "Last 7 days, by day", hours: 7 * 24, interval: "day" },
  "30d": { label: "Last 30 days, by day", hours: 30 * 24, interval: "day" },
  "12w": { label: "Last 12 weeks, by week", hours: 12 * 7 * 24, interval: "week" },
  "12m": { label: "Last 12 months, by month", hours: 365 * 24, interval: "month" },
} as const satisfies Record<string, { label: string; hours: number; interval: Interval }>;
type RangeKey = keyof typeof RANGES;

const TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

const periodFormats: Record<Interval, Intl.DateTimeFormat> = {
  hour: new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" }),
  day: new Intl.DateTimeFormat(undefined, { dateStyle: "medium" }),
  week: new Intl.DateTimeFormat(undefined, { dateStyle: "medium" }),
  month: new Intl.DateTimeFormat(undefined, { month: "long", year: "numeric" }),
};

/** One meter: what it counts, and its usage over a chosen period. */
export function MeterDetailPage({ id }: { id: string }) {
  const meter = useQuery({ queryKey: useBillingKey("meters", "detail", id), queryFn: () => billingApi<Meter>(`/v1/meters/${id}`) });
  return (
    <DashboardLayout title={meter.data?.name ?? "Meter"}>
      <Stack gap="lg">
        <AnchorLink to="/dashboard/meters" size="sm">
          ← All meters
        </AnchorLink>
        {meter.isPending ? (
          <PageLoader label="Loading the meter" />
        ) : meter.isError ? (
          <CatalogError error={meter.error} title="Could not load the meter" />
        ) : (
          <>
            <Card withBorder>
              <Stack gap={4}>
                <Text size="sm">
                  Counts{" "}
                  <Text span ff="monospace">
                    {filterText(meter.data.filter)}
                  </Text>
                </Text>
                <Group gap="xs">
                  <Text size="sm">Aggregation</Text>
                  <Badge variant="light">{aggregationText(meter.data.aggregation)}</Badge>
                  {meter.data.archived_at && <Badge color="gray">Archived</Badge>}
                </Group>
              </Stack>
            </Card>
            <MeterUsage meterId={meter.data.id} />
          </>
        )}
      </Stack>
    </DashboardLayout>
  );
}

function MeterUsage({ meterId }: { meterId: string }) {
  const [rangeKey, setRangeKey] = useState<RangeKey>("30d");
  const range = RANGES[rangeKey];
  // Fixed when the range is chosen, so the query key (and the rows) stay put between renders.
  const period = useMemo(() => {
    const end = new Date();
    return { start: new Date(end.getTime() - range.hours * 3_600_000).toISOString(), end: end.toISOString() };
  }, [range]);
  const query = { start_timestamp: period.start, end_timestamp: period.end, interval: range.interval, timezone: TIME_ZONE };
  const quantities = useQuery({
    queryKey: useBillingKey("meters", "quantities", meterId, query),
    queryFn: () => billingApi<MeterQuantities>(`/v1/meters/${meterId}/quantities`, { query }),
    placeholderData: keepPreviousData,
  });

  return (
    <Stack gap="sm" component="section" aria-labelledby="meter-usage-title">
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h3" id="meter-usage-title">
          Usage
        </Title>
        <Select
          label="Period"
          allowDeselect={false}
          data={Object.entries(RANGES).map(([value, { label }]) => ({ value, label }))}
          value={rangeKey}
          onChange={(value) => value && setRangeKey(value as RangeKey)}
          w={260}
        />
      </Group>
      {quantities.isPending ? (
        <PageLoader label="Loading the usage" />
      ) : quantities.isError ? (
        <LoadErrorAlert title="Could not load the usage" error={quantities.error} />
      ) : quantities.data.quantities.every((bucket) => bucket.quantity === 0) ? (
        <Alert color="blue" title="No usage in this period">
          Nothing was counted between {periodFormats.day.format(new Date(period.start))} and{" "}
          {periodFormats.day.format(new Date(period.end))}. Usage appears here once your application ingests events that match this meter.
        </Alert>
      ) : (
        <UsageTable data={quantities.data} interval={range.interval} />
      )}
    </Stack>
  );
}

/** Rows per interval with a bar scaled to the busiest one: a chart that needs no chart library. */
function UsageTable({ data, interval }: { data: MeterQuantities; interval: Interval }) {
  const highest = Math.max(...data.quantities.map((bucket) => bucket.quantity), 0);
  const number = new Intl.NumberFormat();
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped>
        <caption>Usage per {interval}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Period</Table.Th>
            <Table.Th>Quantity</Table.Th>
            <Table.Th w="40%">
              <VisuallyHidden>Share of the busiest period</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.quantities.map((bucket) => (
            <Table.Tr key={bucket.timestamp}>
              <Table.Td>{periodFormats[interval].format(new Date(bucket.timestamp))}</Table.Td>
              <Table.Td>{number.format(bucket.quantity)}</Table.Td>
              <Table.Td>
                <Progress value={highest > 0 ? (bucket.quantity / highest) * 100 : 0} aria-hidden />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th>Total</Table.Th>
            <Table.Th>{number.format(data.total)}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
