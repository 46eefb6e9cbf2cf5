// Number humanising shared by the PNG card, its alt text and the Slack messages: the one place a
// number is written for a person (the card and its message import it, so both say one figure alike).
// Rule everywhere: 3 significant digits by default and at most one decimal behind a unit suffix
// (1.2k, 12.3k, 123k), so a value always fits a small cell. Where two numbers are shown side by
// side (a panel's min and max, a change "19 → 46"), `digitsToTell` adds digits until they differ:
// a line that moves must never be labelled "min 1.6M · max 1.6M". Non-finite input can't come
// from the API (rejected at the boundary), but a formatter must never print "NaN" to a user.
// A limit is the exception: a person compares it with what they set, so it is written in full
// (`formatExact`: 1,000,000; `formatBinaryBytes`: a 1,048,576-byte limit reads 1 MiB).

const NOT_A_NUMBER = '–';

/** Significant digits by default, and the most `digitsToTell` will ever add up to. */
const DEFAULT_DIGITS = 3;
const MAX_DIGITS = 8;

const COUNT_UNITS = ['', 'k', 'M', 'B', 'T'] as const;
// Decimal (SI) units: the label then means exactly what it says (1 KB = 1000 bytes).
const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB'] as const;

function trimZeros(text: string): string {
  // toFixed switches to exponent notation from 1e21 on; its zeros are not trailing decimals.
  return text.includes('.') && !text.includes('e') ? text.replace(/\.?0+$/, '') : text;
}

/** `1.5e18`, `1e15`, `4.6e-4`: for magnitudes no unit suffix covers. */
function scientific(value: number, digits: number): string {
  const [mantissa = '', exponent = ''] = value.toExponential(Math.max(1, digits - 2)).split('e');
  return `${trimZeros(mantissa)}e${exponent.replace('+', '')}`;
}

/** `value` with `digits` significant digits but no more than `maxDecimals` decimals. */
function significant(value: number, maxDecimals: number, digits: number): string {
  const abs = Math.abs(value);
  const intDigits = abs < 1 ? 1 : Math.floor(Math.log10(abs)) + 1;
  const decimals = Math.max(0, Math.min(maxDecimals, digits - intDigits));
  return trimZeros(value.toFixed(decimals));
}

/**
 * Scales `value` by `base` until it is under 1000 of a unit, carrying rounding upward so that
 * 999.96k prints as 1M rather than 1000k. Past the last unit, scientific notation. Behind a suffix
 * there are `digits - 2` decimals at most (one at the default 3 digits: 1.2k, not 1.23k).
 */
function scaled(value: number, base: number, units: readonly string[], sep: string, digits: number): string {
  let unit = 0;
  let v = value;
  while (Math.abs(v) >= 1000 && unit < units.length - 1) {
    v /= base;
    unit += 1;
  }
  const decimals = (u: number) => (u === 0 ? 0 : digits - 2);
  let text = significant(v, decimals(unit), digits);
  if (Math.abs(Number(text)) >= 1000 && unit < units.length - 1) {
    v /= base;
    unit += 1;
    text = significant(v, decimals(unit), digits);
  }
  if (Math.abs(Number(text)) >= 1000) return scientific(value, digits);
  const suffix = units[unit] ?? '';
  return suffix === '' ? text : `${text}${sep}${suffix}`;
}

/** A count of things: `950`, `1.2k`, `3.4M`, `12B`; fractions below 1000 are rounded. */
export function formatCount(value: number, digits = DEFAULT_DIGITS): string {
  if (!Number.isFinite(value)) return NOT_A_NUMBER;
  const text = scaled(Math.round(value), 1000, COUNT_UNITS, '', digits);
  return text === '-0' ? '0' : text;
}

/** Bytes in decimal units: `512 B`, `1.2 KB`, `3.4 GB`. */
export function formatBytes(value: number, digits = DEFAULT_DIGITS): string {
  if (!Number.isFinite(value)) return NOT_A_NUMBER;
  const text = scaled(Math.round(value), 1000, BYTE_UNITS, ' ', digits);
  return text.startsWith('-0 ') ? '0 B' : text;
}

const EXACT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** A figure in full, as a limit is written: `1,000,000`; fractions kept to two places. */
export function formatExact(value: number): string {
  return Number.isFinite(value) ? EXACT.format(value) : NOT_A_NUMBER;
}

const BINARY_UNITS = ['KiB', 'MiB', 'GiB', 'TiB', 'PiB', 'EiB'] as const;

/** Bytes in binary units, as a limit is set: `512 B`, `1 MiB`, `1.5 GiB`, at most one decimal. */
export function formatBinaryBytes(value: number): string {
  if (!Number.isFinite(value) || Math.abs(value) < 1024) return `${formatExact(value)} B`;
  let scaled = value;
  let unit = -1;
  while (Math.abs(scaled) >= 1024 && unit < BINARY_UNITS.length - 1) {
    scaled /= 1024;
    unit += 1;
  }
  return `${formatExact(Math.round(scaled * 10) / 10)} ${BINARY_UNITS[unit]}`;
}

/**
 * Any measurement without a known unit (latency as reported, throughput): keeps small
 * fractions (`0.0123`, `4.56`), compacts large values (`12.3k`). Unit-free on purpose.
 */
export function formatCompact(value: number, digits = DEFAULT_DIGITS): string {
  if (!Number.isFinite(value)) return NOT_A_NUMBER;
  if (value === 0) return '0';
  const abs = Math.abs(value);
  if (abs < 0.001) return scientific(value, digits);
  // `digits` significant digits, also for fractions: 0.0123 keeps its leading zeros plus 3 digits.
  const text =
    abs < 1
      ? trimZeros(
          value.toFixed(Math.min(6 + digits - DEFAULT_DIGITS, digits - 1 - Math.floor(Math.log10(abs)))),
        )
      : significant(value, digits - 1, digits);
  if (Math.abs(Number(text)) >= 1000) return scaled(value, 1000, COUNT_UNITS, '', digits);
  return text === '-0' ? '0' : text;
}

/** How a value is humanised: counts (1.2k), bytes (3.4 GB), or a measure of unstated unit (12.3). */
export type ValueKind = 'count' | 'bytes' | 'measure';

export function formatValue(kind: ValueKind, value: number, digits = DEFAULT_DIGITS): string {
  if (kind === 'bytes') return formatBytes(value, digits);
  if (kind === 'count') return formatCount(value, digits);
  return formatCompact(value, digits);
}

/**
 * The fewest significant digits (3 at least) at which every two different values among `values`
 * also print differently, so labels shown together never claim equal what the data says differs.
 * Capped: values a whisker apart at 1e308 still get a label, the closest it can be.
 */
export function digitsToTell(kind: ValueKind, values: readonly number[]): number {
  const distinct = [...new Set(values.filter(Number.isFinite))];
  if (distinct.length < 2) return DEFAULT_DIGITS;
  for (let digits = DEFAULT_DIGITS; digits < MAX_DIGITS; digits++) {
    const texts = new Set(distinct.map((v) => formatValue(kind, v, digits)));
    if (texts.size === distinct.length) return digits;
  }
  return MAX_DIGITS;
}

/**
 * Values shown together (a panel's min and max, a scale's two edges, a change's two ends): each in
 * its usual form when those differ (`814k · 1.3M`); else all in the unit of the largest with the
 * same decimals, as few as tell them apart (`1.52M · 1.60M`), never one trimmed and the other not
 * (`1.5598M · 1.56M`). Undefined when telling them apart would take more than one digit past the
 * default: those values are one level with a small spread, which `levelWithSpread` says better.
 */
export function formatTogether(kind: ValueKind, values: readonly number[]): string[] | undefined {
  const finite = values.filter(Number.isFinite);
  const usual = values.map((v) => formatValue(kind, v));
  const distinct = new Set(finite).size;
  if (new Set(finite.map((v) => formatValue(kind, v))).size === distinct) return usual;
  const nonZero = finite.filter((v) => v !== 0);
  const zero = kind === 'bytes' ? '0 B' : '0';
  if (nonZero.length === 0) return values.map((v) => (Number.isFinite(v) ? zero : NOT_A_NUMBER));
  const largest = Math.max(...nonZero.map(Math.abs));
  const units = kind === 'bytes' ? BYTE_UNITS : COUNT_UNITS;
  let unit = 0;
  if (kind !== 'measure' || largest >= 1000)
    while (largest / 1000 ** unit >= 999.95 && unit < units.length - 1) unit += 1;
  if (largest / 1000 ** unit >= 999.95 || largest < 0.001) return undefined;
  const base = 1000 ** unit;
  const name = units[unit] ?? '';
  const suffix = name === '' ? '' : `${kind === 'bytes' ? ' ' : ''}${name}`;
  const intDigits = Math.max(1, Math.floor(Math.log10(Math.max(1, largest / base))) + 1);
  // As formatValue: whole counts and bytes below 1000; one decimal behind a unit at the default.
  const wholeOnly = kind !== 'measure' && unit === 0;
  const fraction = largest < 1 ? Math.ceil(-Math.log10(largest)) : 0;
  const first = wholeOnly
    ? 0
    : unit > 0
      ? Math.max(0, Math.min(DEFAULT_DIGITS - intDigits, DEFAULT_DIGITS - 2))
      : Math.max(0, DEFAULT_DIGITS - intDigits) + fraction;
  const at = (v: number, decimals: number) => (v / base).toFixed(decimals);
  for (let decimals = first; decimals <= first + 1; decimals++) {
    if (new Set(finite.map((v) => at(v, decimals))).size !== distinct) {
      if (wholeOnly) return undefined;
      continue;
    }
    // Zeros every value ends in say nothing: 2.50M and 1.00M read 2.5M and 1M.
    let shown = decimals;
    while (shown > 0 && nonZero.every((v) => Number(at(v, shown - 1)) === Number(at(v, decimals)))) shown--;
    return values.map((v) =>
      !Number.isFinite(v) ? NOT_A_NUMBER : v === 0 ? zero : `${at(v, shown)}${suffix}`,
    );
  }
  return undefined;
}
/** `1.56M ± 100`, `5.19 GB ± 600 KB`: values at one level that move a little, both said plainly. */
function levelWithSpread(kind: ValueKind, min: number, max: number): string {
  return `${formatValue(kind, min / 2 + max / 2, DEFAULT_DIGITS + 2)} ± ${formatValue(kind, max / 2 - min / 2)}`;
}

/**
 * A series' min and max as the card's foot and its alt text write them, longest form first:
 * `min 5.0 · max 7.5`, `5.0 – 7.5`; `steady at 12`; `1.56M ± 100` for a level that barely moves.
 */
export function minMaxInWords(kind: ValueKind, min: number, max: number): string[] {
  const together = formatTogether(kind, [min, max]);
  if (together === undefined) return [levelWithSpread(kind, min, max)];
  const [lo = '', hi = ''] = together;
  if (min === max) return [`steady at ${lo}`, lo];
  return [`min ${lo} · max ${hi}`, `${lo} – ${hi}`, `${lo}–${hi}`];
}
