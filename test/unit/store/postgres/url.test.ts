// What pool settings, above all what TLS, a DATABASE_URL turns into. No database needed.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DatabaseUrlError, parseDatabaseUrl } from '../../../../src/store/postgres/url.ts';

const root = mkdtempSync(join(tmpdir(), 'opsbot-pg-url-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const caPath = join(root, 'ca.pem');
writeFileSync(caPath, '-----BEGIN CERTIFICATE-----\nfake-ca\n-----END CERTIFICATE-----\n');

const BASE = 'postgres://opsbot:fake-password-123@db.example.test:6543/opsbot';
const sslOf = (query: string) => parseDatabaseUrl(`${BASE}${query}`).ssl;

describe('DATABASE_URL → TLS settings', () => {
  it('uses no TLS unless the URL asks for it', () => {
    expect(sslOf('')).toBe(false);
    for (const mode of ['disable', 'allow', 'prefer']) expect(sslOf(`?sslmode=${mode}`)).toBe(false);
    expect(sslOf('?ssl=false')).toBe(false);
    expect(sslOf('?ssl=0')).toBe(false);
  });

  it('encrypts without verifying the certificate for sslmode=require and ssl=true, as managed providers need', () => {
    expect(sslOf('?sslmode=require')).toEqual({ rejectUnauthorized: false });
    expect(sslOf('?ssl=true')).toEqual({ rejectUnauthorized: false });
    expect(sslOf('?ssl=1')).toEqual({ rejectUnauthorized: false });
    expect(sslOf('?sslmode=no-verify')).toEqual({ rejectUnauthorized: false });
  });

  it('verifies the CA and the host name for sslmode=verify-full', () => {
    const ssl = sslOf('?sslmode=verify-full');
    expect(ssl).toEqual({});
    const withCa = sslOf(`?sslmode=verify-full&sslrootcert=${encodeURIComponent(caPath)}`);
    expect(withCa).toEqual({ ca: expect.stringContaining('fake-ca') });
  });

  it('verifies the CA but not the host name for sslmode=verify-ca, and for require with a root certificate', () => {
    for (const mode of ['verify-ca', 'require']) {
      const ssl = sslOf(`?sslmode=${mode}&sslrootcert=${encodeURIComponent(caPath)}`);
      expect(ssl).toEqual({
        ca: expect.stringContaining('fake-ca'),
        checkServerIdentity: expect.any(Function),
      });
      if (ssl === false) return;
      expect(ssl.rejectUnauthorized).toBeUndefined();
      expect(ssl.checkServerIdentity?.('other.example.test', {} as never)).toBeUndefined();
    }
  });

  it('passes sslnegotiation=direct on only together with TLS', () => {
    const direct = parseDatabaseUrl(`${BASE}?sslmode=require&sslnegotiation=direct`);
    expect(direct).toMatchObject({ ssl: { rejectUnauthorized: false }, sslNegotiation: 'direct' });
    expect(direct.connectionString).toBe(BASE);
    expect(() => parseDatabaseUrl(`${BASE}?sslnegotiation=direct`)).toThrow(DatabaseUrlError);
  });

  it('lets sslmode win over ssl when both are given', () => {
    expect(sslOf('?ssl=true&sslmode=disable')).toBe(false);
    expect(sslOf('?ssl=false&sslmode=verify-full')).toEqual({});
  });

  it('refuses an unknown sslmode, an unreadable certificate file or a non-PostgreSQL URL, without echoing it', () => {
    const cases: [string, RegExp][] = [
      [`${BASE}?sslmode=requir`, /unknown sslmode "requir"/],
      [`${BASE}?ssl=yes`, /ssl=yes; use ssl=true or an sslmode/],
      [
        `${BASE}?sslmode=verify-ca&sslrootcert=${root}/missing.pem`,
        /TLS file that cannot be read \(ENOENT\): .*missing\.pem/,
      ],
      ['postgres://opsbot:fake-password-123@[bad', /^DATABASE_URL is not a valid URL/],
      ['mysql://opsbot:fake-password-123@db/opsbot', /must start with postgres:\/\/ \(got mysql:\/\/\)/],
    ];
    for (const [url, message] of cases) {
      const error = errorOf(() => parseDatabaseUrl(url));
      expect(error).toBeInstanceOf(DatabaseUrlError);
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).not.toContain('fake-password-123');
    }
  });
});

function errorOf(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('DATABASE_URL → connection', () => {
  it('hands pg the URL without TLS and options parameters, which it would otherwise override', () => {
    const parsed = parseDatabaseUrl(
      `${BASE}?sslmode=require&application_name=ops&options=-c%20statement_timeout%3D5000`,
    );
    expect(parsed.connectionString).toBe(`${BASE}?application_name=ops`);
    expect(parsed.options).toBe('-c statement_timeout=5000');
    expect(parsed.password).toBe('fake-password-123');
  });

  it('names the target by host, port and database only', () => {
    expect(parseDatabaseUrl(BASE).target).toEqual({
      host: 'db.example.test',
      port: 6543,
      database: 'opsbot',
    });
    expect(parseDatabaseUrl('postgresql://opsbot@db.example.test').target).toEqual({
      host: 'db.example.test',
      port: 5432,
      database: 'opsbot',
    });
    expect(parseDatabaseUrl('postgres://u:p%40ss@[::1]:5433/my%20db').target).toEqual({
      host: '::1',
      port: 5433,
      database: 'my db',
    });
    expect(parseDatabaseUrl('postgres://u@x/db?host=/cloudsql/proj:region:inst').target.host).toBe(
      '/cloudsql/proj:region:inst',
    );
  });
});
