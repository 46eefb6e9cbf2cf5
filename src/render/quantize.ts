import { blend, type Rgb, type Theme } from './palette.ts';

// Why an indexed (palette) PNG: a truecolour PNG of this card costs ~90 ms in Skia's encoder and
// ~280 KB. The card is drawn from a dozen flat colours plus their anti-aliased blends, so a
// palette of those blends loses nothing visible, makes one byte per pixel, and lets deflate run
// on 1/4 of the data. The palette is derived from the theme (every colour the card draws comes
// from it), which keeps the output deterministic: no per-image colour search.

const LEVELS_TEXT = 15;
const LEVELS_LINE = 8;
/** Coverage steps of the anti-aliasing painted straight into palette indices (plot-raster.ts). */
export const MIX_LEVELS = 16;

function blends(ink: Rgb, base: Rgb, levels: number): Rgb[] {
  const out: Rgb[] = [];
  for (let i = 1; i < levels; i++) out.push(blend(ink, base, i / levels));
  return out;
}

/** Every colour the card draws with a theme, and the anti-aliased edges between them. */
export function paletteFor(theme: Theme): Rgb[] {
  const colours: Rgb[] = [theme.background, theme.panel, theme.text, theme.muted, theme.rule];
  for (const ink of [theme.text, theme.muted]) {
    colours.push(...blends(ink, theme.background, LEVELS_TEXT), ...blends(ink, theme.panel, LEVELS_TEXT));
  }
  colours.push(...blends(theme.rule, theme.background, LEVELS_LINE));
  for (const hue of Object.values(theme.hues)) {
    const fill = blend(hue.line, theme.panel, hue.fillAlpha);
    const light = blend(hue.line, theme.panel, hue.lightAlpha);
    colours.push(hue.line, fill, light);
    for (const base of [theme.panel, fill, theme.background])
      colours.push(...blends(hue.line, base, LEVELS_LINE));
    colours.push(
      ...blends(light, theme.panel, LEVELS_LINE / 2),
      ...blends(fill, theme.panel, LEVELS_LINE / 2),
    );
  }
  const seen = new Set<number>();
  const unique = colours.filter(([r, g, b]) => {
    const key = (r << 16) | (g << 8) | b;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (unique.length > 256) throw new Error(`render: palette has ${unique.length} colours, PNG allows 256`);
  return unique;
}

/**
 * Maps RGBA pixels to palette indices through a 15-bit colour table, filled lazily: each table
 * cell takes the palette colour nearest to the cell's centre, so the result never depends on
 * which image filled the table first.
 */
export class Quantizer {
  readonly palette: Rgb[];
  readonly #lut = new Int16Array(1 << 15).fill(-1);
  readonly #pr: Int32Array;
  readonly #pg: Int32Array;
  readonly #pb: Int32Array;
  /** mix() results: [ink][base][level] → index + 1, 0 = not computed yet. */
  #mixes: Int16Array | undefined;

  constructor(palette: Rgb[]) {
    this.palette = palette;
    this.#pr = Int32Array.from(palette, (c) => c[0]);
    this.#pg = Int32Array.from(palette, (c) => c[1]);
    this.#pb = Int32Array.from(palette, (c) => c[2]);
    // The colours drawn exactly (background, panel, text…) must come out exactly, not as some
    // blend that happens to sit nearer their table cell's centre. Earlier entries win a cell.
    for (let i = palette.length - 1; i >= 0; i--) {
      const [r, g, b] = palette[i] as Rgb;
      this.#lut[((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3)] = i;
    }
  }

  /** The palette index of `colour`: itself when it is in the palette, else the nearest. */
  indexOf([r, g, b]: Rgb): number {
    const key = ((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3);
    const hit = this.#lut[key] as number;
    return hit >= 0 ? hit : this.#nearest(key);
  }

  /** Palette colour `ink` over palette colour `base` at coverage level / MIX_LEVELS, as an index. */
  mix(ink: number, base: number, level: number): number {
    this.#mixes ??= new Int16Array(256 * 256 * (MIX_LEVELS + 1));
    const at = (ink * 256 + base) * (MIX_LEVELS + 1) + level;
    const known = this.#mixes[at] as number;
    if (known > 0) return known - 1;
    const index = this.indexOf(
      blend(this.palette[ink] as Rgb, this.palette[base] as Rgb, level / MIX_LEVELS),
    );
    this.#mixes[at] = index + 1;
    return index;
  }

  #nearest(key: number): number {
    const r = ((key >> 10) << 3) | 4;
    const g = (((key >> 5) & 31) << 3) | 4;
    const b = ((key & 31) << 3) | 4;
    let best = 0;
    let bestD = Infinity;
    for (let i = 0; i < this.#pr.length; i++) {
      const dr = (this.#pr[i] as number) - r;
      const dg = (this.#pg[i] as number) - g;
      const db = (this.#pb[i] as number) - b;
      // Weights roughly follow perceived brightness, so text edges keep their weight.
      const d = 2 * dr * dr + 4 * dg * dg + 3 * db * db;
      if (d < bestD) {
        bestD = d;
        best = i;
      }
    }
    this.#lut[key] = best;
    return best;
  }

  /**
   * Writes a `width` × `rows` block of opaque RGBA `pixels` as palette indices into `out`: row r
   * goes to `out[offset + r * stride …]`. The caller leaves room for PNG's per-row filter byte.
   */
  quantize(
    pixels: Uint8ClampedArray,
    width: number,
    rows: number,
    out: Uint8Array,
    offset: number,
    stride: number,
  ) {
    // Int32, not Uint32: opaque pixels exceed 2^31, and V8 keeps int32 values unboxed.
    const px = new Int32Array(pixels.buffer, pixels.byteOffset, width * rows);
    const lut = this.#lut;
    // Runs of one colour are long (a colour change every ~14 pixels here): look up only on change.
    // 0 is transparent black, which an opaque canvas never holds: a safe "no previous pixel".
    let prev = 0;
    let prevIndex = 0;
    let i = 0;
    for (let y = 0; y < rows; y++) {
      let o = offset + y * stride;
      for (const end = i + width; i < end; i++) {
        const p = px[i] as number;
        if (p !== prev) {
          // Little-endian RGBA: r in the low byte. 5 bits per channel make the table key.
          const key = ((p & 0xf8) << 7) | ((p >> 6) & 0x3e0) | ((p >> 19) & 0x1f);
          const hit = lut[key] as number;
          prevIndex = hit >= 0 ? hit : this.#nearest(key);
          prev = p;
        }
        out[o++] = prevIndex;
      }
    }
  }
}
