import type { Canvas } from '@napi-rs/canvas';
import type { CardData } from '../stats-report/card-data.ts';
import { drawCard } from './card.ts';
import { ensureFonts } from './fonts.ts';
import { LAYOUT } from './layout.ts';
import { themeFor } from './palette.ts';
import { surface } from './surface.ts';

export type RenderOptions = {
  /** `light` (default) is an opaque light card, legible on both Slack themes. */
  theme?: 'light' | 'dark';
  /** Device pixels per CSS pixel; 2 (default) stays crisp on high-density screens. */
  scale?: 1 | 2;
};

/** The card drawn on its surface, ready to encode (before anything else draws there). */
export function paintCard(data: CardData, options: RenderOptions = {}): Canvas {
  ensureFonts();
  const scale = options.scale === 1 ? 1 : 2;
  const { canvas, ctx } = surface(LAYOUT.width * scale, LAYOUT.height * scale);
  ctx.setTransform(scale, 0, 0, scale, 0, 0);
  drawCard(ctx, data, themeFor(options.theme), scale);
  return canvas;
}
