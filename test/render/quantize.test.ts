import { describe, expect, it } from 'vitest';
import { themeFor } from '../../src/render/palette.ts';
import { paletteFor, Quantizer } from '../../src/render/quantize.ts';

describe('the PNG palette', () => {
  it.each(['light', 'dark'] as const)(
    'fits PNG’s 256 colours and maps the %s theme’s colours exactly',
    (name) => {
      const theme = themeFor(name);
      const palette = paletteFor(theme);
      expect(palette.length).toBeLessThanOrEqual(256);
      const q = new Quantizer(palette);
      const exact = [
        theme.background,
        theme.panel,
        theme.text,
        theme.muted,
        ...Object.values(theme.hues).map((h) => h.line),
      ];
      const pixels = new Uint8ClampedArray(exact.flatMap(([r, g, b]) => [r, g, b, 255]));
      const out = new Uint8Array(exact.length);
      q.quantize(pixels, exact.length, 1, out, 0, exact.length);
      expect([...out].map((i) => palette[i])).toEqual(exact);
    },
  );
});
