import { crc32, deflateSync, constants as zlib } from 'node:zlib';
import type { Rgb } from './palette.ts';

const SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);

function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/**
 * An 8-bit indexed PNG from filtered scanlines (`rows`: per row a filter byte, then one palette
 * index per pixel). Deflate level 1 with the run-length strategy: this card is long runs of one
 * index, and on its 1.6 MB of indices that is ~4.5× faster than the default level 6 (about 3.7
 * vs 17 ms on the dev machine) for a file ~25% larger (100 vs 80 KB).
 */
export function indexedPng(rows: Uint8Array, width: number, height: number, palette: readonly Rgb[]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 3; // colour type: indexed
  // compression, filter method, interlace: all 0
  const plte = new Uint8Array(palette.length * 3);
  palette.forEach((colour, i) => {
    plte.set(colour, i * 3);
  });
  const idat = deflateSync(rows, { level: 1, strategy: zlib.Z_RLE });
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('PLTE', plte),
    chunk('IDAT', idat),
    chunk('IEND', new Uint8Array(0)),
  ]);
}
