/**
 * /favicon.ico, drawn in code: the dashboard's shield with a check mark
 * (web/public/favicon.svg) rasterised at 32×32 into a one-image ICO file
 * (32-bit BGRA DIB with its AND mask). Browsers use the SVG the pages link;
 * this is for every client that asks for /favicon.ico by convention.
 */
const SIZE = 32;
/** Samples per pixel side for anti-aliasing. */
const SUPERSAMPLE = 4;
const SHIELD = { r: 0x1d, g: 0x4e, b: 0xd8 };
const CHECK = { r: 0xff, g: 0xff, b: 0xff };

/** Half the shield's width at height y (the SVG's path: a point at the top, straight sides, a rounded tip at the bottom). */
function shieldHalfWidth(y: number): number {
  if (y < 2 || y > 30) return 0;
  if (y < 7) return ((y - 2) / 5) * 12;
  if (y <= 15) return 12;
  const t = (y - 15) / 15;
  return 12 * Math.sqrt(1 - t * t);
}

function insideShield(x: number, y: number): boolean {
  return Math.abs(x - 16) <= shieldHalfWidth(y);
}

function distanceToSegment(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/** The check mark: two strokes 2.5 px wide, as in the SVG. */
function insideCheck(x: number, y: number): boolean {
  return distanceToSegment(x, y, 10.6, 15.4, 14, 18.8) <= 1.25 || distanceToSegment(x, y, 14, 18.8, 21.4, 11.4) <= 1.25;
}

/** Premultiplied coverage of one pixel: [shield, check] fractions of its samples. */
function coverage(px: number, py: number): { shield: number; check: number } {
  let shield = 0;
  let check = 0;
  for (let sy = 0; sy < SUPERSAMPLE; sy += 1) {
    for (let sx = 0; sx < SUPERSAMPLE; sx += 1) {
      const x = px + (sx + 0.5) / SUPERSAMPLE;
      const y = py + (sy + 0.5) / SUPERSAMPLE;
      if (!insideShield(x, y)) continue;
      if (insideCheck(x, y)) check += 1;
      else shield += 1;
    }
  }
  const samples = SUPERSAMPLE * SUPERSAMPLE;
  return { shield: shield / samples, check: check / samples };
}

/** The icon as rows of RGBA, top row first. */
export function faviconPixels(): Uint8Array {
  const pixels = new Uint8Array(SIZE * SIZE * 4);
  for (let y = 0; y < SIZE; y += 1) {
    for (let x = 0; x < SIZE; x += 1) {
      const { shield, check } = coverage(x, y);
      const alpha = shield + check;
      const at = (y * SIZE + x) * 4;
      if (alpha === 0) continue;
      // Colours are not premultiplied in an ICO: the covered colours' average.
      pixels[at] = Math.round((SHIELD.r * shield + CHECK.r * check) / alpha);
      pixels[at + 1] = Math.round((SHIELD.g * shield + CHECK.g * check) / alpha);
      pixels[at + 2] = Math.round((SHIELD.b * shield + CHECK.b * check) / alpha);
      pixels[at + 3] = Math.round(alpha * 255);
    }
  }
  return pixels;
}

/**
 * An ICO file of one 32×32 image: ICONDIR (6 bytes), one ICONDIRENTRY (16),
 * a BITMAPINFOHEADER (40) whose height counts the XOR and AND bitmaps, the
 * BGRA rows bottom-up, then the 1-bit AND mask (rows padded to 4 bytes).
 */
export function faviconIco(): Buffer {
  const rgba = faviconPixels();
  const xorBytes = SIZE * SIZE * 4;
  const maskRow = Math.ceil(SIZE / 32) * 4;
  const andBytes = maskRow * SIZE;
  const imageBytes = 40 + xorBytes + andBytes;
  const file = Buffer.alloc(6 + 16 + imageBytes);
  file.writeUInt16LE(0, 0); // reserved
  file.writeUInt16LE(1, 2); // type: icon
  file.writeUInt16LE(1, 4); // one image
  file.writeUInt8(SIZE, 6);
  file.writeUInt8(SIZE, 7);
  file.writeUInt8(0, 8); // no palette
  file.writeUInt8(0, 9);
  file.writeUInt16LE(1, 10); // colour planes
  file.writeUInt16LE(32, 12); // bits per pixel
  file.writeUInt32LE(imageBytes, 14);
  file.writeUInt32LE(22, 18); // offset of the image
  const header = 22;
  file.writeUInt32LE(40, header);
  file.writeInt32LE(SIZE, header + 4);
  file.writeInt32LE(SIZE * 2, header + 8);
  file.writeUInt16LE(1, header + 12);
  file.writeUInt16LE(32, header + 14);
  file.writeUInt32LE(0, header + 16); // BI_RGB
  file.writeUInt32LE(xorBytes + andBytes, header + 20);
  const pixelsAt = header + 40;
  const maskAt = pixelsAt + xorBytes;
  for (let y = 0; y < SIZE; y += 1) {
    const row = SIZE - 1 - y; // bottom-up
    for (let x = 0; x < SIZE; x += 1) {
      const from = (y * SIZE + x) * 4;
      const to = pixelsAt + (row * SIZE + x) * 4;
      file[to] = rgba[from + 2] ?? 0;
      file[to + 1] = rgba[from + 1] ?? 0;
      file[to + 2] = rgba[from] ?? 0;
      file[to + 3] = rgba[from + 3] ?? 0;
      // AND mask bit 1 = transparent, for readers that ignore the alpha channel.
      if ((rgba[from + 3] ?? 0) === 0) {
        const byte = maskAt + row * maskRow + (x >> 3);
        file[byte] = (file[byte] ?? 0) | (0x80 >> (x & 7));
      }
    }
  }
  return file;
}
