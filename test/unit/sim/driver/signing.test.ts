import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { signSlackRequest } from '../../../../src/sim/driver/signing.ts';

type Vector = {
  signing_secret: string;
  timestamp: string;
  body: string;
  expected_signature: string;
  note?: string;
};

const reference = JSON.parse(
  readFileSync(new URL('../../../support/fixtures/slack/signing-vector.json', import.meta.url), 'utf8'),
) as { published_vector: Vector; extra_vectors_computed_by_us: Vector[] };

const vectors: Array<[string, Vector]> = [
  ['Slack docs published vector', reference.published_vector],
  ...reference.extra_vectors_computed_by_us.map((v, i): [string, Vector] => [v.note ?? `extra #${i}`, v]),
];

describe('signSlackRequest', () => {
  it('has every vector of the reference file to check', () => {
    expect(vectors.length).toBe(1 + reference.extra_vectors_computed_by_us.length);
    expect(vectors.length).toBeGreaterThanOrEqual(4);
  });

  it.each(vectors)('matches the reference signature: %s', (_name, v) => {
    expect(signSlackRequest(v.signing_secret, v.timestamp, v.body)).toBe(v.expected_signature);
  });

  it('accepts the timestamp as a number as well', () => {
    const v = reference.published_vector;
    expect(signSlackRequest(v.signing_secret, Number(v.timestamp), v.body)).toBe(v.expected_signature);
  });

  it('changes when the body changes by one byte', () => {
    const v = reference.published_vector;
    expect(signSlackRequest(v.signing_secret, v.timestamp, `${v.body} `)).not.toBe(v.expected_signature);
  });
});
