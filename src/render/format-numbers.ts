// Number humanising shared by the PNG card, its alt text and the Slack summary.
// Rule everywhere: at most 3 significant digits and at most one decimal behind a unit suffix
// (1.2k, 12.3k, 123k), so a value always fits a small cell. Non-finite input can't come from
// the API (rejected at the boundary), but a formatter must never print "NaN" to a user.

const NOT_A_NUMBER = '–';

const COUNT_UNITS = ['', 'k', 'M', 'B', 'T'] as const;
// Decimal (SI) units: the label then means exactly what it says (1 KB = 1000 bytes).
const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB'] as const;

function trimZeros(text: string): string {
  // toFixed switches to exponent notation from 1e21 on; its zeros are not trailing decimals.
  return text.includes('.') && !text.includes('e') ? text.replace(/\.?0+$/, '') : text;
}

/** `1.5e18`, `1e15`, `4.6e-4`: for magnitudes no unit suffix covers. */
function scientific(value: number): string {
  const [mantissa = '', exponent = ''] = value.toExponential(1).split('e');
  return `${trimZeros(mantissa)}e${exponent.replace('+', '')}`;
}

/** `value` with 3 significant digits but no more than `maxDecimals` decimals. */
function significant(value: number, maxDecimals: number): string {
  const abs = Math.abs(value);
  const intDigits = abs < 1 ? 1 : Math.floor(Math.log10(abs)) + 1;
  const decimals = Math.max(0, Math.min(maxDecimals, 3 - intDigits));
  return trimZeros(value.toFixed(decimals));
}

/**
 * Scales `value` by `base` until it is under 1000 of a unit, carrying rounding upward so that
 * 999.96k prints as 1M rather than 1000k. Past the last unit, scientific notation.
 */
function scaled(value: number, base: number, units: readonly string[], sep: string): string {
  let unit = 0;
  let v = value;
  while (Math.abs(v) >= 1000 && unit < units.length - 1) {
    v /= base;
    unit += 1;
  }
  let text = significant(v, unit === 0 ? 0 : 1);
  if (Math.abs(Number(text)) >= 1000 && unit < units.length - 1) {
    v /= base;
    unit += 1;
    text = significant(v, 1);
  }
  if (Math.abs(Number(text)) >= 1000) return scientific(value);
  const suffix = units[unit] ?? '';
  return suffix === '' ? text : `${text}${sep}${suffix}`;
}

/** A count of things: `950`, `1.2k`, `3.4M`, `12B`; fractions below 1000 are rounded. */
export function formatCount(value: number): string {
  if (!Number.isFinite(value)) return NOT_A_NUMBER;
  const text = scaled(Math.round(value), 1000, COUNT_UNITS, '');
  return text === '-0' ? '0' : text;
}

/** Bytes in decimal units: `512 B`, `1.2 KB`, `3.4 GB`. */
export function formatBytes(value: number): string {
  if (!Number.isFinite(value)) return NOT_A_NUMBER;
  const text = scaled(Math.round(value), 1000, BYTE_UNITS, ' ');
  return text.startsWith('-0 ') ? '0 B' : text;
}

/**
 * Any measurement without a known unit (latency as reported, throughput): keeps small
 * fractions (`0.0123`, `4.56`), compacts large values (`12.3k`). Unit-free on purpose.
 */
export function formatCompact(value: number): string {
  if (!Number.isFinite(value)) return NOT_A_NUMBER;
  if (value === 0) return '0';
  const abs = Math.abs(value);
  if (abs < 0.001) return scientific(value);
  // 3 significant digits, also for fractions: 0.0123 keeps its leading zeros plus 3 digits.
  const text =
    abs < 1 ? trimZeros(value.toFixed(Math.min(6, 2 - Math.floor(Math.log10(abs))))) : significant(value, 2);
  if (Math.abs(Number(text)) >= 1000) return scaled(value, 1000, COUNT_UNITS, '');
  return text === '-0' ? '0' : text;
}
