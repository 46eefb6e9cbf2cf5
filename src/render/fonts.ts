import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { GlobalFonts } from '@napi-rs/canvas';

// A slim host has no system fonts, and Skia then draws no text at all, silently. The card uses
// only fonts shipped through npm (dejavu-fonts-ttf), registered under names no system font has,
// so the output is the same on every host and a missing file fails loudly here.

export const FONT_REGULAR = 'OpsbotDejaVuSans';
export const FONT_BOLD = 'OpsbotDejaVuSansBold';

let registered = false;

function fontDir(): string {
  const pkg = createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json');
  return join(dirname(pkg), 'ttf');
}

/** Registers the card's fonts once per process; throws when they can't be loaded. */
export function ensureFonts(): void {
  if (registered) return;
  const dir = fontDir();
  for (const [file, family] of [
    ['DejaVuSans.ttf', FONT_REGULAR],
    ['DejaVuSans-Bold.ttf', FONT_BOLD],
  ] as const) {
    if (GlobalFonts.registerFromPath(join(dir, file), family) === null) {
      throw new Error(`render: could not load font ${file} from ${dir}`);
    }
  }
  registered = true;
}

/** A CSS font shorthand for the card's fonts, size in CSS pixels. */
export function font(px: number, weight: 'regular' | 'bold' = 'regular'): string {
  return `${px}px ${weight === 'bold' ? FONT_BOLD : FONT_REGULAR}`;
}
