import { formatMoney } from "../../../lib/money";
import type { ProductPrice, RecurringInterval } from "../catalog.api";

/** "One-time", "Monthly", "Every 3 months". */
export function intervalLabel(interval: RecurringInterval | null, count: number | null): string {
  if (!interval) return "One-time";
  if (!count || count === 1) return { day: "Daily", week: "Weekly", month: "Monthly", year: "Yearly" }[interval];
  return `Every ${count} ${interval}s`;
}

const perInterval = (interval: RecurringInterval | null) => (interval ? ` / ${interval}` : "");

/** A price as one line of text: "$10.00 / month", "Free", "Pay what you want (min $5.00)", "$0.01 per unit". */
export function describePrice(price: ProductPrice, interval: RecurringInterval | null): string {
  switch (price.amount_type) {
    case "fixed":
      return `${formatMoney(price.price_amount, price.price_currency)}${perInterval(interval)}`;
    case "free":
      return "Free";
    case "custom":
      return `Pay what you want (min ${formatMoney(price.minimum_amount, price.price_currency)})`;
    case "metered_unit":
      // unit_amount is a decimal string of minor units (it may be fractional: 0.5 cents per unit).
      return `${price.unit_amount} ${price.price_currency.toUpperCase()} minor units per ${price.meter?.name ?? "unit"}`;
    default:
      return "Seat-based";
  }
}
