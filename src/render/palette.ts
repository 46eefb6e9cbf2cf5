import type { Hue } from './series.ts';

// Series colours come from the Okabe–Ito palette, which stays distinguishable under the common
// colour-vision deficiencies; the latency p99 also differs by dash pattern, never by colour alone.
// The card is opaque and framed: it never relies on the page around it, so a light card reads the
// same on Slack's dark theme as on its light one (as a screenshot does); the dark variant is there
// for teams that prefer it.
//
// Colours are numbers, not CSS strings, so that blends (a fill, a faded bar) are computed from them.

export type Rgb = readonly [number, number, number];

type HueColours = {
  line: Rgb;
  /** Area under a single-series line, as an opacity over the panel. */
  fillAlpha: number;
  /** A latency pair's p99, and today's bar while it still counts: the line colour, lighter. */
  lightAlpha: number;
};

export type Theme = {
  name: 'light' | 'dark';
  background: Rgb;
  panel: Rgb;
  text: Rgb;
  muted: Rgb;
  rule: Rgb;
  hues: Record<Hue, HueColours>;
};

const OKABE_ITO = {
  orange: [0xe6, 0x9f, 0x00],
  skyBlue: [0x56, 0xb4, 0xe9],
  bluishGreen: [0x00, 0x9e, 0x73],
  yellow: [0xf0, 0xe4, 0x42],
  blue: [0x00, 0x72, 0xb2],
  vermillion: [0xd5, 0x5e, 0x00],
} as const satisfies Record<string, Rgb>;

const light: Theme = {
  name: 'light',
  background: [0xff, 0xff, 0xff],
  panel: [0xf4, 0xf5, 0xf7],
  text: [0x1d, 0x1c, 0x1d],
  muted: [0x5e, 0x5d, 0x60],
  rule: [0xd9, 0xda, 0xde],
  hues: {
    requests: { line: OKABE_ITO.blue, fillAlpha: 0.12, lightAlpha: 0.55 },
    throughput: { line: OKABE_ITO.bluishGreen, fillAlpha: 0.12, lightAlpha: 0.55 },
    size: { line: OKABE_ITO.orange, fillAlpha: 0.16, lightAlpha: 0.55 },
    latency: { line: OKABE_ITO.vermillion, fillAlpha: 0.1, lightAlpha: 0.55 },
  },
};

const dark: Theme = {
  name: 'dark',
  background: [0x1a, 0x1d, 0x21],
  panel: [0x24, 0x27, 0x2c],
  text: [0xe8, 0xe8, 0xe8],
  muted: [0xa4, 0xa5, 0xa7],
  rule: [0x3a, 0x3d, 0x42],
  hues: {
    requests: { line: OKABE_ITO.skyBlue, fillAlpha: 0.16, lightAlpha: 0.6 },
    throughput: { line: OKABE_ITO.bluishGreen, fillAlpha: 0.2, lightAlpha: 0.6 },
    size: { line: OKABE_ITO.yellow, fillAlpha: 0.14, lightAlpha: 0.6 },
    latency: { line: OKABE_ITO.orange, fillAlpha: 0.14, lightAlpha: 0.6 },
  },
};

export function themeFor(name: 'light' | 'dark' | undefined): Theme {
  return name === 'dark' ? dark : light;
}

/** `ink` at opacity `alpha` over `base`, rounded as an 8-bit canvas would. */
export function blend(ink: Rgb, base: Rgb, alpha: number): Rgb {
  return [0, 1, 2].map((i) => Math.round((ink[i] as number) * alpha + (base[i] as number) * (1 - alpha))) as [
    number,
    number,
    number,
  ];
}

export function css([r, g, b]: Rgb): string {
  return `rgb(${r},${g},${b})`;
}
