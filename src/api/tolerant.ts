// Reading the API's records as a tolerant reader. Only the fields a feature cannot work without are
// required (the record types say which, and why); every other field may be absent, null, or of a
// drifted type — a number sent as a numeric string, a boolean as "true", a new enum value — and is
// read where that is safe, or left undefined ("not reported") where it is not. Secrets never get
// this far: credential-looking fields are dropped first, keeping only a masked hint that they exist.

import { maskSecret } from '../secrets/mask.ts';
import { looksSecret } from '../secrets/pick.ts';
import type { DriftLog, RecordKind } from './drift.ts';
import { parseApiTimestamp } from './timestamp.ts';

export type Raw = Record<string, unknown>;

export type Point = { x: string; at: number; y: number };

/** Masked hints of the credentials a record carried (`{ token: '••••ab12' }`); never the values. */
export type SecretHints = Record<string, string>;

const NUMERIC = /^-?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

export function isObject(value: unknown): value is Raw {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

type FieldOptions = {
  /** The spec says the field may be absent (e.g. `modifying_state`): absence is not drift. */
  optional?: boolean;
};

/** Reads one record field by field, noting each deviation from the spec once per kind and field. */
export class RecordReader {
  readonly hints: SecretHints = {};
  readonly #fields: Raw = {};
  readonly #read = new Set<string>();
  readonly #kind: RecordKind;
  readonly #drift: DriftLog;

  constructor(raw: Raw, kind: RecordKind, drift: DriftLog) {
    this.#kind = kind;
    this.#drift = drift;
    for (const [key, value] of Object.entries(raw)) {
      if (looksSecret(key)) {
        if (typeof value === 'string' && value !== '') this.hints[key] = maskSecret(value);
      } else {
        this.#fields[key] = value;
      }
    }
  }

  #present(field: string, options: FieldOptions): unknown {
    this.#read.add(field);
    const value = this.#fields[field];
    if (value === undefined || value === null) {
      if (!(options.optional && value === undefined)) this.#drift.note(this.#kind, field, 'missing');
      return undefined;
    }
    return value;
  }

  #drifted(field: string): undefined {
    this.#drift.note(this.#kind, field, 'unexpected_type');
    return undefined;
  }

  string(field: string, options: FieldOptions = {}): string | undefined {
    const value = this.#present(field, options);
    if (value === undefined || typeof value === 'string') return value;
    if (typeof value === 'number' && Number.isFinite(value)) {
      this.#drift.note(this.#kind, field, 'unexpected_type');
      return String(value);
    }
    return this.#drifted(field);
  }

  /** A finite number; a numeric string is read as the number it spells. Never a boolean or object. */
  number(field: string, options: FieldOptions = {}): number | undefined {
    const value = this.#present(field, options);
    if (value === undefined) return undefined;
    if (typeof value === 'number') return Number.isFinite(value) ? value : this.#drifted(field);
    if (typeof value === 'string' && NUMERIC.test(value.trim())) {
      this.#drift.note(this.#kind, field, 'unexpected_type');
      return Number(value.trim());
    }
    return this.#drifted(field);
  }

  boolean(field: string, options: FieldOptions = {}): boolean | undefined {
    const value = this.#present(field, options);
    if (value === undefined || typeof value === 'boolean') return value;
    if (value === 'true' || value === 'false') {
      this.#drift.note(this.#kind, field, 'unexpected_type');
      return value === 'true';
    }
    return this.#drifted(field);
  }

  /** The spec's "true"/"false" strings; a JSON boolean is read as the same answer. */
  booleanString(field: string, options: FieldOptions = {}): 'true' | 'false' | undefined {
    const value = this.#present(field, options);
    if (value === 'true' || value === 'false' || value === undefined) return value;
    if (typeof value === 'boolean') {
      this.#drift.note(this.#kind, field, 'unexpected_type');
      return value ? 'true' : 'false';
    }
    return this.#drifted(field);
  }

  /** An open enum: a value the spec doesn't list is kept (and noted); an empty string is not a value. */
  oneOf<T extends string>(
    field: string,
    known: readonly T[],
    options: FieldOptions & { alsoKnown?: (value: string) => boolean } = {},
  ): T | (string & {}) | undefined {
    const value = this.string(field, options);
    if (value === undefined || value === '') return undefined;
    const listed = (known as readonly string[]).includes(value) || options.alsoKnown?.(value) === true;
    if (!listed) this.#drift.note(this.#kind, field, 'unknown_enum_value');
    return value;
  }

  object(field: string, options: FieldOptions = {}): Raw | undefined {
    const value = this.#present(field, options);
    if (value === undefined || isObject(value)) return value;
    // An empty string where an object was is the API's way of saying "none".
    if (value === '') return undefined;
    return this.#drifted(field);
  }

  strings(field: string, options: FieldOptions = {}): string[] {
    const value = this.#present(field, options);
    if (value === undefined) return [];
    if (!Array.isArray(value)) return this.#drifted(field) ?? [];
    const strings = value.filter((v): v is string => typeof v === 'string');
    if (strings.length !== value.length) this.#drift.note(this.#kind, field, 'unexpected_type');
    return strings;
  }

  /**
   * A series of `{x, y}` points, oldest first as sent. A point that can't be read (no timestamp, a
   * `y` that isn't a number) is left out and noted; the rest of the series stays.
   */
  series(field: string, options: FieldOptions = {}): Point[] {
    const value = this.#present(field, options);
    if (value === undefined) return [];
    if (!Array.isArray(value)) return this.#drifted(field) ?? [];
    const points: Point[] = [];
    let dropped = false;
    for (const item of value) {
      const point = readPoint(item);
      if (point === undefined) dropped = true;
      else points.push(point);
    }
    if (dropped) this.#drift.note(this.#kind, `${field}[]`, 'unexpected_type');
    return points;
  }

  /** Notes fields the spec doesn't name; call once every known field has been read. */
  finish(): void {
    for (const field of Object.keys(this.#fields))
      if (!this.#read.has(field)) this.#drift.note(this.#kind, field, 'unknown_field');
  }
}

function readPoint(item: unknown): Point | undefined {
  if (!isObject(item)) return undefined;
  const { x, y } = item;
  if (typeof x !== 'string') return undefined;
  // Go's time.Time.String() is the spec's form; an RFC 3339 time is the same instant in another dress.
  const at = parseApiTimestamp(x) ?? (/^\d{4}-\d{2}-\d{2}T/.test(x) ? Date.parse(x) : Number.NaN);
  if (!Number.isFinite(at)) return undefined;
  const value =
    typeof y === 'number' ? y : typeof y === 'string' && NUMERIC.test(y.trim()) ? Number(y) : Number.NaN;
  return Number.isFinite(value) ? { x, at, y: value } : undefined;
}
