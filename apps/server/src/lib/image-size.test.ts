import { describe, expect, it } from 'vitest';
import { GIF_1PX, PNG_1PX } from '../test/multipart.ts';
import { imageSize } from './image-size.ts';

/** A baseline JPEG's first segments: SOI, an APP0 segment, then SOF0 with height 480 and width 640. */
const JPEG = Buffer.from([
  0xff,
  0xd8,
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
  0xff,
  0xc0,
  0x00,
  0x11,
  0x08,
  0x01,
  0xe0,
  0x02,
  0x80,
  0x03,
  0x01,
  0x22,
  0x00,
  0x02,
  0x11,
  0x01,
  0x03,
  0x11,
  0x01,
  0xff,
  0xd9,
]);

/** An extended WebP (VP8X) of 1200 × 800: the sizes are stored minus one, in 24 bits. */
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x20, 0, 0, 0]),
  Buffer.from('WEBPVP8X'),
  Buffer.from([10, 0, 0, 0, 0, 0, 0, 0]),
  Buffer.from([0xaf, 0x04, 0x00, 0x1f, 0x03, 0x00]),
]);

describe('imageSize (issue 27: the chat reserves an image box before it loads)', () => {
  it('reads PNG, GIF, JPEG and WebP headers', () => {
    expect(imageSize(PNG_1PX, 'image/png')).toEqual({ width: 1, height: 1 });
    expect(imageSize(GIF_1PX, 'image/gif')).toEqual({ width: 1, height: 1 });
    expect(imageSize(JPEG, 'image/jpeg')).toEqual({ width: 640, height: 480 });
    expect(imageSize(WEBP, 'image/webp')).toEqual({ width: 1200, height: 800 });
  });

  it('answers null for a cut header, another type or nonsense, never throws', () => {
    expect(imageSize(PNG_1PX.subarray(0, 18), 'image/png')).toBeNull();
    expect(imageSize(JPEG.subarray(0, 12), 'image/jpeg')).toBeNull();
    expect(imageSize(Buffer.from('%PDF-1.4'), 'application/pdf')).toBeNull();
    expect(imageSize(Buffer.alloc(40, 0xff), 'image/jpeg')).toBeNull();
  });
});
