import { randomFillSync } from 'node:crypto';

/**
 * UUIDv7 (RFC 9562), strictly increasing within this process: 48 bits of Unix milliseconds, then a 12-bit counter
 * that restarts at a random value each millisecond (and carries into the time when it runs out), then 62 random
 * bits. Lists sort newest first by (created_at, id); created_at ties within a millisecond (PGlite's clock) or a
 * transaction (now() is its start), and with these ids a tie falls back to the order the rows were made in, not to
 * a random UUID order (issue 11 §1).
 */
let lastMs = 0;
let counter = 0;
const rand = Buffer.alloc(10);

export function orderedId(now = Date.now()): string {
  randomFillSync(rand);
  if (now > lastMs) {
    lastMs = now;
    counter = ((rand[0]! & 0x07) << 8) | rand[1]!; // start low in the 12 bits: room to count up
  } else if (++counter > 0xfff) {
    lastMs++;
    counter = 0;
  }
  const b = Buffer.alloc(16);
  b.writeUIntBE(lastMs, 0, 6);
  b[6] = 0x70 | (counter >> 8);
  b[7] = counter & 0xff;
  b[8] = 0x80 | (rand[2]! & 0x3f);
  rand.copy(b, 9, 3, 10);
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
