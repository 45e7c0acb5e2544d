import { describe, expect, it } from 'vitest';
import { dataUrlImageSize } from './image-dimensions.js';

const dataUrl = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString('base64')}`;

/** A PNG's signature and IHDR chunk (the rest of the file is not read). */
function pngHeader(width: number, height: number): Buffer {
  const bytes = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes, 0);
  bytes.writeUInt32BE(13, 8);
  bytes.write('IHDR', 12, 'latin1');
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  return bytes;
}

/** A JPEG's start, an APP0 (JFIF) and a comment segment, then a baseline or progressive frame. */
function jpegHeader(width: number, height: number, frameMarker = 0xc0): Buffer {
  const app0 = Buffer.from([
    0xff,
    0xe0,
    0x00,
    0x10,
    ...Buffer.from('JFIF\0'),
    1,
    1,
    0,
    0,
    1,
    0,
    1,
    0,
    0,
  ]);
  const comment = Buffer.concat([Buffer.from([0xff, 0xfe, 0x00, 0x07]), Buffer.from('hello')]);
  const frame = Buffer.alloc(19);
  frame[0] = 0xff;
  frame[1] = frameMarker;
  frame.writeUInt16BE(17, 2);
  frame[4] = 8;
  frame.writeUInt16BE(height, 5);
  frame.writeUInt16BE(width, 7);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, comment, frame]);
}

function webpHeader(chunk: 'VP8X' | 'VP8L' | 'VP8 ', width: number, height: number): Buffer {
  const bytes = Buffer.alloc(32);
  bytes.write('RIFF', 0, 'latin1');
  bytes.writeUInt32LE(24, 4);
  bytes.write('WEBP', 8, 'latin1');
  bytes.write(chunk, 12, 'latin1');
  if (chunk === 'VP8X') {
    bytes.writeUIntLE(width - 1, 24, 3);
    bytes.writeUIntLE(height - 1, 27, 3);
  } else if (chunk === 'VP8L') {
    bytes[20] = 0x2f;
    bytes.writeUInt32LE((width - 1) | ((height - 1) << 14), 21);
  } else {
    Buffer.from([0x9d, 0x01, 0x2a]).copy(bytes, 23);
    bytes.writeUInt16LE(width, 26);
    bytes.writeUInt16LE(height, 28);
  }
  return bytes;
}

describe('dataUrlImageSize', () => {
  it('reads whole small images (a 1×1 PNG and GIF)', () => {
    const png =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
    const gif =
      'data:image/gif;base64,R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==';
    expect(dataUrlImageSize(png)).toEqual({ width: 1, height: 1 });
    expect(dataUrlImageSize(gif)).toEqual({ width: 1, height: 1 });
  });

  it('reads PNG, JPEG (past other segments) and the three WebP forms', () => {
    expect(dataUrlImageSize(dataUrl('image/png', pngHeader(1024, 2048)))).toEqual({
      width: 1024,
      height: 2048,
    });
    expect(dataUrlImageSize(dataUrl('image/jpeg', jpegHeader(640, 480)))).toEqual({
      width: 640,
      height: 480,
    });
    expect(dataUrlImageSize(dataUrl('image/jpeg', jpegHeader(300, 200, 0xc2)))).toEqual({
      width: 300,
      height: 200,
    });
    for (const chunk of ['VP8X', 'VP8L', 'VP8 '] as const) {
      expect(dataUrlImageSize(dataUrl('image/webp', webpHeader(chunk, 300, 200)))).toEqual({
        width: 300,
        height: 200,
      });
    }
  });

  it('answers nothing for URLs, text and broken images', () => {
    expect(dataUrlImageSize('https://example.com/a.png')).toBeUndefined();
    expect(dataUrlImageSize('data:image/png;base64,broken')).toBeUndefined();
    expect(dataUrlImageSize('data:text/plain,hello')).toBeUndefined();
    expect(dataUrlImageSize(dataUrl('image/png', pngHeader(0, 10)))).toBeUndefined();
    expect(
      dataUrlImageSize(dataUrl('image/jpeg', jpegHeader(640, 480).subarray(0, 30))),
    ).toBeUndefined();
  });
});
