// Amounts travel as integers in minor units (cents). Display goes through Intl; input parsing is
// string arithmetic so a typed "19.99" never passes through a float on its way to 1999.

const digitsCache = new Map<string, number>();

/** How many minor-unit digits a currency has (USD 2, JPY 0, BHD 3); 2 for unknown codes. */
export function currencyDigits(currency: string): number {
  const code = currency.toUpperCase();
  const cached = digitsCache.get(code);
  if (cached !== undefined) return cached;
  let digits = 2;
  try {
    digits = new Intl.NumberFormat("en", { style: "currency", currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    // An invalid ISO code: keep the common default rather than failing the whole page.
  }
  digitsCache.set(code, digits);
  return digits;
}

/** The decimal string for minor units, e.g. (1999, "usd") → "19.99", (-5, "usd") → "-0.05"; exact for any integer. */
export function minorToDecimalString(amountMinor: number, currency: string): string {
  const digits = currencyDigits(currency);
  const negative = amountMinor < 0;
  const text = String(Math.abs(Math.trunc(amountMinor))).padStart(digits + 1, "0");
  const whole = text.slice(0, text.length - digits);
  const fraction = text.slice(text.length - digits);
  return `${negative ? "-" : ""}${whole}${digits > 0 ? `.${fraction}` : ""}`;
}

/** Formats minor units as money in the viewer's locale: (1999, "usd") → "$19.99". */
export function formatMoney(amountMinor: number, currency: string): string {
  const code = currency.toUpperCase();
  try {
    // Intl accepts decimal strings exactly (no float rounding) since ES2023.
    const decimal = minorToDecimalString(amountMinor, code) as unknown as number;
    return new Intl.NumberFormat(undefined, { style: "currency", currency: code }).format(decimal);
  } catch {
    return `${minorToDecimalString(amountMinor, code)} ${code}`;
  }
}

/**
 * Parses a typed amount ("19.99", "19,99", "1 000", "$5") into minor units, or null when it is not a
 * plain non-negative decimal with at most the currency's number of fraction digits.
 */
export function parseMoneyInput(input: string, currency: string): number | null {
  const digits = currencyDigits(currency);
  const cleaned = input
    .trim()
    .replace(/[\s_$€£¥]/g, "")
    .replace(",", ".");
  const match = /^(\d*)(?:\.(\d*))?$/.exec(cleaned);
  if (!match || cleaned === "" || cleaned === ".") return null;
  const whole = match[1] ?? "";
  const fraction = match[2] ?? "";
  if (fraction.length > digits) return null;
  const minorText = `${whole}${fraction.padEnd(digits, "0")}`.replace(/^0+(?=\d)/, "");
  const value = Number(minorText === "" ? "0" : minorText);
  return Number.isSafeInteger(value) ? value : null;
}

/** A validator for Mantine forms: null when valid, a message otherwise. */
export function moneyInputError(input: string, currency: string, options: { min?: number } = {}): string | null {
  const value = parseMoneyInput(input, currency);
  if (value === null) return `Enter an amount like ${minorToDecimalString(1999, currency)}`;
  if (options.min !== undefined && value < options.min) return `At least ${formatMoney(options.min, currency)}`;
  return null;
}
