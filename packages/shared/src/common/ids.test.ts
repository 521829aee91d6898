import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isUuid } from './ids';

describe('isUuid', () => {
  it('takes and refuses the same ids as z.uuid()', () => {
    const uuid = z.uuid();
    const v7 = '01936f3e-8b2a-7c3d-9e4f-5a6b7c8d9e0f';
    const samples = [
      ...Array.from({ length: 200 }, () => randomUUID()),
      v7,
      v7.toUpperCase(),
      '00000000-0000-0000-0000-000000000000',
      'ffffffff-ffff-ffff-ffff-ffffffffffff',
      'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
      '01936f3e-8b2a-0c3d-9e4f-5a6b7c8d9e0f', // version 0
      '01936f3e-8b2a-9c3d-9e4f-5a6b7c8d9e0f', // version 9
      '01936f3e-8b2a-7c3d-7e4f-5a6b7c8d9e0f', // not the RFC variant
      '01936f3e8b2a7c3d9e4f5a6b7c8d9e0f',
      ` ${v7}`,
      `${v7}\n`,
      '{01936f3e-8b2a-7c3d-9e4f-5a6b7c8d9e0f}',
      'not-a-uuid',
      '',
    ];
    for (const id of samples) expect({ id, ok: isUuid(id) }).toEqual({ id, ok: uuid.safeParse(id).success });
    expect(samples.filter(isUuid).length).toBeGreaterThan(200); // both kinds are in the sample
  });
});
