// What the bot shows is built from an allowlist, never a denylist: the API may add a secret field
// tomorrow (a read-only password, a signing key), and a field nobody named must stay invisible.

type Primitive = string | number | boolean | null;

/** Field name → `true` (a primitive value, or a list of them) or a nested allowlist (object or list of objects). */
type Allowlist = { readonly [field: string]: true | Allowlist };

/** What `pickAllowed` returns: only the named fields, each narrowed to what a leaf may carry. */
export type Picked<T, A> = {
  [K in keyof T as K extends keyof A ? K : never]: K extends keyof A ? PickedValue<T[K], A[K]> : never;
};

type PickedValue<V, S> = S extends true
  ? Extract<V, Primitive | undefined | readonly Primitive[]>
  : V extends readonly (infer E)[]
    ? Picked<E, S>[]
    : V extends object
      ? Picked<V, S>
      : Extract<V, undefined>;

// Names that look like credentials. An allowlist naming one is a bug, so it fails at start-up. Judged by
// words, so `max_completion_tokens_per_day` (a limit) passes while `read_only_token` does not.
const SECRET_WORDS = new Set([
  'token',
  'password',
  'passwd',
  'pwd',
  'secret',
  'secrets',
  'credential',
  'credentials',
  'key',
  'apikey',
  'signing',
  'private',
]);
const SECRET_ENDINGS = /(tokens|keys|passwords)$/i;

export function looksSecret(field: string): boolean {
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(/[^a-z0-9]+/);
  return words.some((w) => SECRET_WORDS.has(w)) || SECRET_ENDINGS.test(field);
}

/**
 * Declares an allowlist and checks it names no credential-looking field. Call it at module level so a
 * mistake stops the bot at start-up instead of leaking once.
 */
export function defineAllowlist<const A extends Allowlist>(allowlist: A): A {
  const check = (list: Allowlist, path: string): void => {
    for (const [field, spec] of Object.entries(list)) {
      const at = path === '' ? field : `${path}.${field}`;
      if (looksSecret(field)) throw new Error(`allowlist names a secret-looking field: ${at}`);
      if (spec !== true) check(spec, at);
    }
  };
  check(allowlist, '');
  return Object.freeze(allowlist);
}

/** Field names (top level) or an allowlist object, as `pickAllowed` takes them. */
type AllowlistInput = Allowlist | readonly string[];

export function pickAllowed<T extends object, const K extends keyof T & string>(
  record: T,
  allowlist: readonly K[],
): Picked<T, Record<K, true>>;
export function pickAllowed<T extends object, const A extends Allowlist>(
  record: T,
  allowlist: A,
): Picked<T, A>;
/**
 * A copy of `record` holding only the fields the allowlist names. A field named with `true` is copied
 * only when it is a primitive or a list of primitives: an object there could carry anything, so it is
 * dropped unless the allowlist names its fields too.
 */
export function pickAllowed(record: object, allowlist: AllowlistInput): Record<string, unknown> {
  const spec: Allowlist = Array.isArray(allowlist)
    ? Object.fromEntries(allowlist.map((field: string) => [field, true]))
    : (allowlist as Allowlist);
  return pickObject(record, spec);
}

const entriesOf = new WeakMap<Allowlist, Array<[string, true | Allowlist]>>();

function pickObject(record: object, allowlist: Allowlist): Record<string, unknown> {
  let entries = entriesOf.get(allowlist);
  if (entries === undefined) {
    entries = Object.entries(allowlist);
    entriesOf.set(allowlist, entries);
  }
  const out: Record<string, unknown> = {};
  for (const [field, spec] of entries) {
    if (!Object.hasOwn(record, field)) continue;
    const value = pickValue((record as Record<string, unknown>)[field], spec);
    if (value !== undefined) out[field] = value;
  }
  return out;
}

function pickValue(value: unknown, spec: true | Allowlist): unknown {
  if (spec === true) {
    if (isPrimitive(value)) return value;
    if (Array.isArray(value)) return value.filter(isPrimitive);
    return undefined;
  }
  if (Array.isArray(value)) return value.filter(isPlainObject).map((item) => pickObject(item, spec));
  return isPlainObject(value) ? pickObject(value, spec) : undefined;
}

function isPrimitive(value: unknown): value is Primitive {
  const type = typeof value;
  return value === null || type === 'string' || type === 'number' || type === 'boolean';
}

function isPlainObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
