// The pixel size of an uploaded image, read from its header (issue 27): the chat reserves an image's box before it
// loads, so opening a conversation lands on the newest message instead of 500 px above it. Only the four types chat
// attachments admit (JPEG, PNG, GIF, WebP); anything unreadable is null and the screen falls back to its own pinning.

export type ImageSize = { width: number; height: number };

const ok = (width: number, height: number): ImageSize | null =>
  width > 0 && height > 0 && width <= 65_535 && height <= 65_535 ? { width, height } : null;

export function imageSize(bytes: Buffer, mime: string): ImageSize | null {
  try {
    switch (mime) {
      case 'image/png':
        // Signature (8), IHDR length and type (8), then width and height, big-endian.
        return bytes.toString('latin1', 12, 16) === 'IHDR' ? ok(bytes.readUInt32BE(16), bytes.readUInt32BE(20)) : null;
      case 'image/gif':
        return ok(bytes.readUInt16LE(6), bytes.readUInt16LE(8));
      case 'image/webp':
        return webpSize(bytes);
      case 'image/jpeg':
        return jpegSize(bytes);
      default:
        return null;
    }
  } catch {
    return null; // a header shorter than it claims
  }
}

function webpSize(b: Buffer): ImageSize | null {
  const chunk = b.toString('latin1', 12, 16);
  if (chunk === 'VP8 ') return ok(b.readUInt16LE(26) & 0x3fff, b.readUInt16LE(28) & 0x3fff);
  if (chunk === 'VP8L') {
    const bits = b.readUInt32LE(21);
    return ok((bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1);
  }
  if (chunk === 'VP8X') return ok(b.readUIntLE(24, 3) + 1, b.readUIntLE(27, 3) + 1);
  return null;
}

/** Walks the segments to the first start-of-frame marker (SOF0-15 except DHT, JPG and DAC). */
function jpegSize(b: Buffer): ImageSize | null {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    const length = b.readUInt16BE(i + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      // The orientation tag may turn it by 90°; the box then has the other shape for a moment, and the
      // screen's pinning still holds the bottom.
      return ok(b.readUInt16BE(i + 7), b.readUInt16BE(i + 5));
    }
    i += 2 + length;
  }
  return null;
}
