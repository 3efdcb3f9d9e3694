// Generates the app's PNG icons (a room-service cloche on the brand colour) with nothing but Node's zlib.
// Owns: public/icons/*.png. Run `node public/icons/make-icons.mjs` after changing a colour or shape;
// the PNGs are committed so the build never needs this script.
import { writeFileSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';

const BRAND = [0x0f, 0x5f, 0x66]; // keep in sync with theme_color in vite.config.ts
const DOME = [0xfb, 0xf5, 0xe9];
const BRASS = [0xd9, 0xa4, 0x41];
const SUPERSAMPLES = 4; // per axis: 16 samples per pixel for smooth edges

/** Hit tests in unit coordinates (0..1, y downwards). */
const insideRoundedRect = (x, y, left, top, right, bottom, radius) => {
  const dx = Math.max(left + radius - x, 0, x - (right - radius));
  const dy = Math.max(top + radius - y, 0, y - (bottom - radius));
  return x >= left && x <= right && y >= top && y <= bottom && dx * dx + dy * dy <= radius * radius;
};
const insideCircle = (x, y, cx, cy, r) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r;

/** Colour of the bell glyph at a point, or null; `scale` shrinks it about the centre. */
function bellColourAt(x, y, scale) {
  const gx = 0.5 + (x - 0.5) / scale;
  const gy = 0.5 + (y - 0.5) / scale;
  if (insideRoundedRect(gx, gy, 0.18, 0.665, 0.82, 0.735, 0.03)) return BRASS;
  if (gy <= 0.645 && insideCircle(gx, gy, 0.5, 0.645, 0.27)) return DOME;
  if (insideRoundedRect(gx, gy, 0.485, 0.33, 0.515, 0.39, 0.01)) return BRASS;
  if (insideCircle(gx, gy, 0.5, 0.325, 0.045)) return BRASS;
  return null;
}

/** RGBA of one sample: glyph over background, transparent outside a non-maskable icon's rounded square. */
function sampleAt(x, y, maskable) {
  const glyph = bellColourAt(x, y, maskable ? 0.78 : 1);
  if (!maskable && !insideRoundedRect(x, y, 0, 0, 1, 1, 0.2)) return [0, 0, 0, 0];
  return [...(glyph ?? BRAND), 255];
}

function renderPixels(size, maskable) {
  const rowBytes = size * 4 + 1;
  const raw = Buffer.alloc(rowBytes * size); // each row starts with filter byte 0 (none)
  const n = SUPERSAMPLES;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < n; sy++) {
        for (let sx = 0; sx < n; sx++) {
          const [r, g, b, a] = sampleAt((px + (sx + 0.5) / n) / size, (py + (sy + 0.5) / n) / size, maskable);
          sum[0] += r * a;
          sum[1] += g * a;
          sum[2] += b * a;
          sum[3] += a;
        }
      }
      const offset = py * rowBytes + 1 + px * 4;
      const alpha = sum[3] / (n * n);
      for (let c = 0; c < 3; c++) raw[offset + c] = sum[3] ? Math.round(sum[c] / sum[3]) : 0;
      raw[offset + 3] = Math.round(alpha);
    }
  }
  return raw;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function encodePng(size, raw) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, deflate, no filter method, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const icons = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
  { file: 'apple-touch-icon-180.png', size: 180, maskable: true },
];
for (const { file, size, maskable } of icons) {
  writeFileSync(new URL(file, import.meta.url), encodePng(size, renderPixels(size, maskable)));
}
