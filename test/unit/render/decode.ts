import { createCanvas, loadImage } from '@napi-rs/canvas';

/** A PNG decoded the way a viewer would: through an image decoder, onto a fresh canvas. */
export type Decoded = { width: number; height: number; rgba: Uint8ClampedArray };

export const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export async function decode(png: Buffer): Promise<Decoded> {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  return {
    width: image.width,
    height: image.height,
    rgba: ctx.getImageData(0, 0, image.width, image.height).data,
  };
}

export type Region = { x: number; y: number; w: number; h: number };

/** Counts the pixels in `region` (device pixels) for which `test(r, g, b)` holds. */
export function countPixels(
  img: Decoded,
  region: Region,
  test: (r: number, g: number, b: number) => boolean,
) {
  let n = 0;
  for (let y = region.y; y < region.y + region.h; y++) {
    for (let x = region.x; x < region.x + region.w; x++) {
      const i = (y * img.width + x) * 4;
      if (test(img.rgba[i] as number, img.rgba[i + 1] as number, img.rgba[i + 2] as number)) n++;
    }
  }
  return n;
}

/** Dark, text-like pixels on the light card: perceived brightness under half. */
export const isInk = (r: number, g: number, b: number) => 0.299 * r + 0.587 * g + 0.114 * b < 128;

/** Pixels within `tolerance` of a colour in every channel. */
export const near =
  ([cr, cg, cb]: readonly [number, number, number], tolerance = 24) =>
  (r: number, g: number, b: number) =>
    Math.abs(r - cr) <= tolerance && Math.abs(g - cg) <= tolerance && Math.abs(b - cb) <= tolerance;

export function distinctColours(img: Decoded): number {
  const seen = new Set<number>();
  for (let i = 0; i < img.rgba.length; i += 4) {
    seen.add(
      ((img.rgba[i] as number) << 16) | ((img.rgba[i + 1] as number) << 8) | (img.rgba[i + 2] as number),
    );
  }
  return seen.size;
}
