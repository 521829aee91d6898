import { describe, expect, it } from 'vitest';
import { hashingConcurrency, hashPassword, pendingHashes, verifyPassword } from './password-hasher.ts';

describe('password hashing', () => {
  it('uses every core but always leaves a thread of the libuv pool for other work', () => {
    expect(hashingConcurrency(2, 4)).toBe(2);
    expect(hashingConcurrency(8, 4)).toBe(3);
    expect(hashingConcurrency(16, 64)).toBe(16);
    expect(hashingConcurrency(4, 1)).toBe(1);
  });

  it('queues a burst beyond the gate and still verifies what it hashed, better-auth format', async () => {
    const hashes = Array.from({ length: 6 }, (_, i) => hashPassword(`secret-${i}`));
    expect(pendingHashes()).toBe(6 - hashingConcurrency());
    const done = await Promise.all(hashes);
    expect(pendingHashes()).toBe(0);
    for (const h of done) expect(h).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await verifyPassword({ hash: done[2]!, password: 'secret-2' })).toBe(true);
    expect(await verifyPassword({ hash: done[2]!, password: 'secret-3' })).toBe(false);
  });
});
