import { Button, Card, Group, Select, Stack, Text, TextInput } from "@mantine/core";
import { formatMoney, moneyInputError, parseMoneyInput } from "../../../lib/money";
import { usePickerList } from "../../dashboard/dashboard.queries";
import type { Meter, ProductPrice, RecurringInterval } from "../catalog.api";
import { describePrice } from "./price-text";

// A product's prices as the form holds them: existing prices are kept by id (Polar archives the ones
// an update leaves out), new ones are drafts whose amounts stay typed strings until submit.

export type AmountType = "fixed" | "free" | "custom" | "metered_unit";

export interface PriceDraft {
  key: string;
  /** Set for a price the product already has: it is sent back as `{ id }`, unchanged. */
  existing?: ProductPrice;
  amount_type: AmountType;
  currency: string;
  amount: string;
  minimum: string;
  maximum: string;
  preset: string;
  meter_id: string;
  unit_amount: string;
  cap: string;
}

export const CURRENCIES = ["usd", "eur", "gbp", "cad", "aud", "chf", "sek", "nok", "dkk", "jpy", "inr", "brl"];

export function newPriceDraft(amountType: AmountType = "fixed", currency = "usd"): PriceDraft {
  return {
    key: crypto.randomUUID(),
    amount_type: amountType,
    currency,
    amount: "",
    minimum: "",
    maximum: "",
    preset: "",
    meter_id: "",
    unit_amount: "",
    cap: "",
  };
}

export function existingPriceDraft(price: ProductPrice): PriceDraft {
  return {
    ...newPriceDraft(price.amount_type === "seat_based" ? "fixed" : price.amount_type, price.price_currency),
    key: price.id,
    existing: price,
  };
}

/** Per-draft field errors (key → field → message); empty when everything parses. */
export function validatePrices(drafts: PriceDraft[]): Record<string, Record<string, string>> {
  const errors: Record<string, Record<string, string>> = {};
  for (const draft of drafts) {
    if (draft.existing) continue;
    const own: Record<string, string> = {};
    const money = (field: "amount" | "minimum" | "maximum" | "preset" | "cap", optional: boolean) => {
      const text = draft[field];
      if (optional && text.trim() === "") return;
      const error = moneyInputError(text, draft.currency);
      if (error) own[field] = error;
    };
    if (draft.amount_type === "fixed") money("amount", false);
    if (draft.amount_type === "custom") {
      money("minimum", false);
      money("maximum", true);
      money("preset", true);
    }
    if (draft.amount_type === "metered_unit") {
      if (!draft.meter_id) own.meter_id = "Choose a meter";
      if (!/^\d+(\.\d{1,12})?$/.test(draft.unit_amount.trim())) own.unit_amount = "Enter an amount in minor units, like 0.5";
      money("cap", true);
    }
    if (Object.keys(own).length > 0) errors[draft.key] = own;
  }
  return errors;
}

const optionalMoney = (text: string, currency: string) => (text.trim() === "" ? null : parseMoneyInput(text, currency));

/** The `prices` array of a create or update body. */
export function pricesPayload(drafts: PriceDraft[]): unknown[] {
  return drafts.map((draft) => {
    if (draft.existing) return { id: draft.existing.id };
    const base = { amount_type: draft.amount_type, price_currency: draft.currency };
    switch (draft.amount_type) {
      case "fixed":
        return { ...base, price_amount: parseMoneyInput(draft.amount, draft.currency) };
      case "free":
        return base;
      case "custom":
        return {
          ...base,
          minimum_amount: parseMoneyInput(draft.minimum, draft.currency),
          maximum_amount: optionalMoney(draft.maximum, draft.currency),
          preset_amount: optionalMoney(draft.preset, draft.currency),
        };
      default:
        return {
          ...base,
          meter_id: draft.meter_id,
          unit_amount: draft.unit_amount.trim(),
          cap_amount: optionalMoney(draft.cap, draft.currency),
        };
    }
  });
}

interface PricesEditorProps {
  value: PriceDraft[];
  onChange: (drafts: PriceDraft[]) => void;
  errors: Record<string, Record<string, string>>;
  interval: RecurringInterval | null;
}

export function PricesEditor({ value, onChange, errors, interval }: PricesEditorProps) {
  const meters = usePickerList<Meter>("meters");
  const update = (key: string, patch: Partial<PriceDraft>) =>
    onChange(value.map((draft) => (draft.key === key ? { ...draft, ...patch } : draft)));
  const remove = (key: string) => onChange(value.filter((draft) => draft.key !== key));

  return (
    <Stack gap="sm">
      {value.length === 0 && <Text c="dimmed">No prices yet: add at least one.</Text>}
      {value.map((draft, index) => {
        const n = index + 1;
        const own = errors[draft.key] ?? {};
        if (draft.existing)
          return (
            <Card key={draft.key} withBorder padding="sm">
              <Group justify="space-between">
                <Text>{describePrice(draft.existing, interval)}</Text>
                <Button size="xs" variant="light" color="red" onClick={() => remove(draft.key)} aria-label={`Remove price ${n}`}>
                  Remove
                </Button>
              </Group>
            </Card>
          );
        return (
          <Card key={draft.key} withBorder padding="sm">
            <Stack gap="xs">
              <Group align="flex-end" wrap="wrap">
                <Select
                  label={`Price ${n} type`}
                  allowDeselect={false}
                  data={[
                    { value: "fixed", label: "Fixed price" },
                    { value: "free", label: "Free" },
                    { value: "custom", label: "Pay what you want" },
                    { value: "metered_unit", label: "Metered (per unit)" },
                  ]}
                  value={draft.amount_type}
                  onChange={(type) => type && update(draft.key, { amount_type: type as AmountType })}
                  w={200}
                />
                <Select
                  label={`Price ${n} currency`}
                  allowDeselect={false}
                  searchable
                  data={CURRENCIES.map((code) => ({ value: code, label: code.toUpperCase() }))}
                  value={draft.currency}
                  onChange={(currency) => currency && update(draft.key, { currency })}
                  w={120}
                />
                {draft.amount_type === "fixed" && (
                  <TextInput
                    label={`Price ${n} amount`}
                    inputMode="decimal"
                    placeholder="10.00"
                    value={draft.amount}
                    error={own.amount}
                    onChange={(event) => update(draft.key, { amount: event.currentTarget.value })}
                  />
                )}
                <Button variant="subtle" color="red" onClick={() => remove(draft.key)} aria-label={`Remove price ${n}`}>
                  Remove
                </Button>
              </Group>
              {draft.amount_type === "custom" && (
                <Group wrap="wrap">
                  {(["minimum", "maximum", "preset"] as const).map((field) => (
                    <TextInput
                      key={field}
                      label={`Price ${n} ${field} amount`}
                      inputMode="decimal"
                      required={field === "minimum"}
                      value={draft[field]}
                      error={own[field]}
                      onChange={(event) => update(draft.key, { [field]: event.currentTarget.value })}
                    />
                  ))}
                </Group>
              )}
              {draft.amount_type === "metered_unit" && (
                <Group wrap="wrap" align="flex-start">
                  <Select
                    label={`Price ${n} meter`}
                    data={(meters.data ?? []).map((meter) => ({ value: meter.id, label: meter.name }))}
                    value={draft.meter_id || null}
                    error={own.meter_id}
                    nothingFoundMessage="Create a meter first"
                    onChange={(meterId) => update(draft.key, { meter_id: meterId ?? "" })}
                  />
                  <TextInput
                    label={`Price ${n} unit amount`}
                    description={`In minor units of ${draft.currency.toUpperCase()} (cents); fractions allowed`}
                    inputMode="decimal"
                    value={draft.unit_amount}
                    error={own.unit_amount}
                    onChange={(event) => update(draft.key, { unit_amount: event.currentTarget.value })}
                  />
                  <TextInput
                    label={`Price ${n} cap amount`}
                    description="Optional maximum per billing period"
                    inputMode="decimal"
                    value={draft.cap}
                    error={own.cap}
                    onChange={(event) => update(draft.key, { cap: event.currentTarget.value })}
                  />
                </Group>
              )}
              {draft.amount_type === "fixed" && parseMoneyInput(draft.amount, draft.currency) !== null && (
                <Text size="sm" c="dimmed">
                  {formatMoney(parseMoneyInput(draft.amount, draft.currency) ?? 0, draft.currency)}
                  {interval ? ` every ${interval}` : " once"}
                </Text>
              )}
            </Stack>
          </Card>
        );
      })}
      <Group>
        <Button variant="light" onClick={() => onChange([...value, newPriceDraft("fixed", value.at(-1)?.currency ?? "usd")])}>
          Add price
        </Button>
      </Group>
    </Stack>
  );
}
