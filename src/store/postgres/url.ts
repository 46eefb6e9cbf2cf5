// Turns DATABASE_URL into pg's pool settings. TLS is decided here rather than by pg's own parsing:
// pg 8.x (pg-connection-string 2.x) treats `sslmode=require` like `verify-full` unless the URL also
// says `uselibpqcompat=true`, so a managed provider's URL with `sslmode=require` and a certificate
// from a private CA fails with "self-signed certificate in certificate chain"
// (brianc/node-postgres#2375). We follow libpq's meaning of each mode instead:
//
//   (nothing), sslmode=disable|allow|prefer, ssl=false|0   → no TLS (pg cannot fall back, so
//                                                            allow/prefer do not try TLS)
//   sslmode=require, ssl=true|1, sslmode=no-verify         → TLS, certificate not verified
//   sslmode=require with sslrootcert                       → as verify-ca (libpq's legacy rule)
//   sslmode=verify-ca                                      → TLS, CA verified, host name not
//   sslmode=verify-full                                    → TLS, CA and host name verified
//
// sslrootcert / sslcert / sslkey name PEM files, as in libpq. Without sslrootcert the verify modes
// trust Node's CA store (public CAs, plus NODE_EXTRA_CA_CERTS).
import { readFileSync } from 'node:fs';
import type { ConnectionOptions } from 'node:tls';

export type SslSetting = false | ConnectionOptions;

export type DatabaseTarget = { host: string; port: number; database: string };

export type ParsedDatabaseUrl = {
  /** The URL without the TLS and `options` parameters, which are passed to pg separately. */
  connectionString: string;
  ssl: SslSetting;
  /** The `options` parameter of the URL (server settings), if any. */
  options: string | undefined;
  /** `sslnegotiation=direct` (PostgreSQL 17+): TLS from the first byte. */
  sslNegotiation: 'postgres' | 'direct' | undefined;
  /** Where it connects, for messages and logs; carries no credentials. */
  target: DatabaseTarget;
  /** Only so that messages can be scrubbed of it. */
  password: string;
};

/** A DATABASE_URL that cannot be used as given. The message never contains the URL. */
export class DatabaseUrlError extends Error {
  override readonly name = 'DatabaseUrlError';
}

// Left in the URL, any of these would make pg replace the TLS settings decided here.
const TLS_PARAMS = ['ssl', 'sslmode', 'sslrootcert', 'sslcert', 'sslkey', 'sslnegotiation', 'uselibpqcompat'];
const NO_TLS_MODES = new Set(['disable', 'allow', 'prefer']);

export type ReadPem = (path: string) => string;

const readPemFile: ReadPem = (path) => {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new DatabaseUrlError(`DATABASE_URL names a TLS file that cannot be read (${code}): ${path}`);
  }
};

export function parseDatabaseUrl(url: string, readPem: ReadPem = readPemFile): ParsedDatabaseUrl {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new DatabaseUrlError('DATABASE_URL is not a valid URL (postgres://user:password@host:port/db)');
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') {
    throw new DatabaseUrlError(`DATABASE_URL must start with postgres:// (got ${parsed.protocol}//)`);
  }
  const params = parsed.searchParams;
  const ssl = sslFromParams(params, readPem);
  const options = params.get('options') ?? undefined;
  const sslNegotiation = params.get('sslnegotiation') ?? undefined;
  if (sslNegotiation !== undefined && sslNegotiation !== 'postgres' && sslNegotiation !== 'direct') {
    throw new DatabaseUrlError(`DATABASE_URL has sslnegotiation=${sslNegotiation}; use postgres or direct`);
  }
  if (sslNegotiation === 'direct' && ssl === false) {
    throw new DatabaseUrlError(
      'DATABASE_URL has sslnegotiation=direct, which needs sslmode=require or stricter',
    );
  }
  const stripped = new URL(parsed.href);
  for (const name of [...TLS_PARAMS, 'options']) stripped.searchParams.delete(name);
  return {
    connectionString: stripped.href,
    ssl,
    options,
    sslNegotiation,
    target: targetOf(parsed),
    password: safeDecode(parsed.password),
  };
}

/** What TLS settings a URL's query parameters ask for (see the table at the top of this file). */
export function sslFromParams(params: URLSearchParams, readPem: ReadPem = readPemFile): SslSetting {
  const mode = params.get('sslmode');
  const flag = params.get('ssl');
  const files = (): ConnectionOptions => {
    const out: ConnectionOptions = {};
    const ca = params.get('sslrootcert');
    const cert = params.get('sslcert');
    const key = params.get('sslkey');
    if (ca !== null) out.ca = readPem(ca);
    if (cert !== null) out.cert = readPem(cert);
    if (key !== null) out.key = readPem(key);
    return out;
  };

  if (mode === null) {
    if (flag === null || flag === 'false' || flag === '0') return false;
    if (flag === 'true' || flag === '1') return { ...files(), rejectUnauthorized: false };
    throw new DatabaseUrlError(`DATABASE_URL has ssl=${flag}; use ssl=true or an sslmode`);
  }
  if (NO_TLS_MODES.has(mode)) return false;
  switch (mode) {
    case 'require':
    case 'no-verify': {
      const tls = files();
      if (mode === 'require' && tls.ca !== undefined) return { ...tls, checkServerIdentity: () => undefined };
      return { ...tls, rejectUnauthorized: false };
    }
    case 'verify-ca':
      return { ...files(), checkServerIdentity: () => undefined };
    case 'verify-full':
      return files();
    default:
      throw new DatabaseUrlError(
        `DATABASE_URL has an unknown sslmode "${mode}" ` +
          '(expected disable, prefer, require, verify-ca or verify-full)',
      );
  }
}

function targetOf(url: URL): DatabaseTarget {
  // pg lets `?host=` override the URL's host (used for Unix sockets, e.g. Cloud SQL).
  const host =
    url.searchParams.get('host') ?? (safeDecode(url.hostname.replace(/^\[(.+)\]$/, '$1')) || 'localhost');
  const port = Number(url.searchParams.get('port') ?? (url.port || '5432'));
  const database = safeDecode(url.pathname.slice(1)) || safeDecode(url.username) || 'postgres';
  return { host, port, database };
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** "host:port/database", the way messages and logs name a database. */
export function describeTarget(target: DatabaseTarget): string {
  return `${target.host}:${target.port}/${target.database}`;
}
