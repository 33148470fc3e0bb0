// Draws the app icon (electron/build/icons/icon.png, 512×512 RGBA) with Node alone: a rounded square
// with two stacked cards. Run `node electron/build/make-icon.mjs` after changing it; the PNG is committed.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';

const SIZE = 512;

/** Coverage (0..1) of a rounded rectangle at pixel centre (x, y), anti-aliased over one pixel. */
function roundRect(x, y, left, top, right, bottom, radius) {
  const cx = Math.min(Math.max(x, left + radius), right - radius);
  const cy = Math.min(Math.max(y, top + radius), bottom - radius);
  const distance = Math.hypot(x - cx, y - cy) - radius;
  const outside = Math.max(left - x, x - right, top - y, y - bottom);
  return Math.min(Math.max(0.5 - Math.max(distance, outside), 0), 1);
}

function blend(pixel, [r, g, b], alpha) {
  pixel[0] = pixel[0] * (1 - alpha) + r * alpha;
  pixel[1] = pixel[1] * (1 - alpha) + g * alpha;
  pixel[2] = pixel[2] * (1 - alpha) + b * alpha;
  pixel[3] = Math.max(pixel[3], alpha * 255);
}

export function drawIcon() {
  const rows = [];
  for (let y = 0; y < SIZE; y++) {
    const row = Buffer.alloc(1 + SIZE * 4); // filter byte 0, then RGBA
    for (let x = 0; x < SIZE; x++) {
      const px = [0, 0, 0, 0];
      const t = (x + y) / (2 * SIZE);
      const background = [Math.round(46 + 40 * t), Math.round(64 + 30 * t), Math.round(160 + 60 * t)];
      blend(px, background, roundRect(x + 0.5, y + 0.5, 16, 16, 496, 496, 96));
      blend(px, [200, 212, 255], 0.85 * roundRect(x + 0.5, y + 0.5, 150, 110, 400, 360, 28));
      blend(px, [255, 255, 255], roundRect(x + 0.5, y + 0.5, 112, 150, 362, 400, 28));
      for (const [top, width] of [
        [200, 170],
        [240, 140],
        [280, 160],
        [320, 110],
      ])
        blend(px, [70, 90, 190], roundRect(x + 0.5, y + 0.5, 142, top, 142 + width, top + 16, 8));
      row.set(
        px.map((v) => Math.round(v)),
        1 + x * 4,
      );
    }
    rows.push(row);
  }
  return encodePng(Buffer.concat(rows));
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}
function encodePng(raw) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(SIZE, 0);
  header.writeUInt32BE(SIZE, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const out = path.join(import.meta.dirname, 'icons', 'icon.png');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, drawIcon());
  console.log(`wrote ${out}`);
}
