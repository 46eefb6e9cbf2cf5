// Every text a drawing puts on a canvas, as drawn: its words, font and extent in CSS px. Read
// instead of pixels, so a test can ask whether a label was cut, overlaps another or leaves the image.
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { ensureFonts } from '../../src/render/fonts.ts';

export type Drawn = { text: string; left: number; right: number; y: number; font: string; fill: string };

/** Runs `draw` on a real canvas of `width` × `height` CSS px (scale 2) and returns what it wrote. */
export function recordTexts(width: number, height: number, draw: (ctx: SKRSContext2D) => void): Drawn[] {
  ensureFonts();
  const ctx = createCanvas(width * 2, height * 2).getContext('2d');
  ctx.setTransform(2, 0, 0, 2, 0, 0);
  const drawn: Drawn[] = [];
  const recording = new Proxy(ctx, {
    get(target, key) {
      if (key === 'fillText')
        return (text: string, x: number, y: number) => {
          const w = target.measureText(text).width;
          const left = target.textAlign === 'center' ? x - w / 2 : target.textAlign === 'right' ? x - w : x;
          drawn.push({ text, left, right: left + w, y, font: target.font, fill: String(target.fillStyle) });
          target.fillText(text, x, y);
        };
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
    set: (target, key, value) => Reflect.set(target, key, value, target),
  }) as SKRSContext2D;
  draw(recording);
  return drawn;
}
