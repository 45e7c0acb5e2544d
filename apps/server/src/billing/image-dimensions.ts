/**
 * The width and height of an image sent inline as a `data:` URL, read from its header (PNG, JPEG,
 * GIF, WebP), for counting its prompt tokens. Nothing is fetched: a URL that is not `data:` has no
 * size here.
 */
export interface ImageSize {
  width: number;
  height: number;
}

const DATA_URL = /^data:[^,]*;base64,/i;

/** The size of a base64 `data:` image; undefined when it is not one or its header is unreadable. */
export function dataUrlImageSize(url: string): ImageSize | undefined {
  const header = DATA_URL.exec(url);
  if (!header) return undefined;
  const bytes = Buffer.from(url.slice(header[0].length), 'base64');
  return pngSize(bytes) ?? gifSize(bytes) ?? webpSize(bytes) ?? jpegSize(bytes);
}

function sized(width: number, height: number): ImageSize | undefined {
  return width > 0 && height > 0 ? { width, height } : undefined;
}

function pngSize(bytes: Buffer): ImageSize | undefined {
  // Signature, then the IHDR chunk: length, "IHDR", width, height (big-endian).
  if (bytes.length < 24 || bytes.readUInt32BE(0) !== 0x89504e47) return undefined;
  if (bytes.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return sized(bytes.readUInt32BE(16), bytes.readUInt32BE(20));
}

function gifSize(bytes: Buffer): ImageSize | undefined {
  if (bytes.length < 10 || bytes.toString('latin1', 0, 4) !== 'GIF8') return undefined;
  return sized(bytes.readUInt16LE(6), bytes.readUInt16LE(8));
}

function webpSize(bytes: Buffer): ImageSize | undefined {
  if (bytes.length < 30) return undefined;
  if (bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WEBP') {
    return undefined;
  }
  const chunk = bytes.toString('latin1', 12, 16);
  if (chunk === 'VP8X') {
    // Canvas size minus one, 24-bit little-endian.
    return sized(bytes.readUIntLE(24, 3) + 1, bytes.readUIntLE(27, 3) + 1);
  }
  if (chunk === 'VP8 ')
    return sized(bytes.readUInt16LE(26) & 0x3fff, bytes.readUInt16LE(28) & 0x3fff);
  if (chunk === 'VP8L') {
    const bits = bytes.readUInt32LE(21);
    return sized((bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1);
  }
  return undefined;
}

/** Start-of-frame markers (baseline, progressive, …), which carry the size. */
const JPEG_FRAME_MARKERS = new Set([
  0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf,
]);

function jpegSize(bytes: Buffer): ImageSize | undefined {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
  let offset = 2;
  // Segments: 0xFF, marker, 16-bit length (including itself); the frame header holds
  // precision (1 byte), height and width.
  while (offset + 9 <= bytes.length) {
    if (bytes[offset] !== 0xff) return undefined;
    const marker = bytes[offset + 1];
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (JPEG_FRAME_MARKERS.has(marker)) {
      return sized(bytes.readUInt16BE(offset + 7), bytes.readUInt16BE(offset + 5));
    }
    offset += 2 + bytes.readUInt16BE(offset + 2);
  }
  return undefined;
}
