import { describe, expect, it } from 'vitest';
import { createStatementBatcher } from './statement-batcher.ts';

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('statement batcher', () => {
  it('sends a lone call at once, and the calls made while it runs together in the next statement, in order', async () => {
    const statements: number[][] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const call = createStatementBatcher<number, number>({
      run: async (items) => {
        statements.push(items);
        if (statements.length === 1) await gate;
        return items.map((i) => i * 10);
      },
    });
    const first = call(1);
    const rest = [call(2), call(3), call(4)];
    await tick();
    expect(statements).toEqual([[1]]);
    release();
    expect(await first).toBe(10);
    expect(await Promise.all(rest)).toEqual([20, 30, 40]);
    expect(statements).toEqual([[1], [2, 3, 4]]);
  });

  it('keeps to its limits: statements in flight and items per statement', async () => {
    const statements: number[][] = [];
    let running = 0;
    let most = 0;
    const call = createStatementBatcher<number, number>({
      run: async (items) => {
        statements.push(items);
        most = Math.max(most, ++running);
        await tick();
        running--;
        return items;
      },
      maxInFlight: 2,
      maxBatch: 3,
    });
    const out = await Promise.all(Array.from({ length: 10 }, (_, i) => call(i)));
    expect(out).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(most).toBe(2);
    expect(Math.max(...statements.map((s) => s.length))).toBe(3);
    expect(statements.flat()).toEqual(out);
  });

  it('tries a failed batch one call at a time: only the call that breaks it fails', async () => {
    const call = createStatementBatcher<number, number>({
      run: async (items) => {
        if (items.includes(13)) throw new Error('unlucky');
        return items;
      },
      maxInFlight: 1,
    });
    const hold = call(0);
    const batch = [call(1), call(13), call(2)].map((p) =>
      p.then(
        (v) => ({ v }),
        (e: Error) => ({ e: e.message }),
      ),
    );
    await hold;
    expect(await Promise.all(batch)).toEqual([{ v: 1 }, { e: 'unlucky' }, { v: 2 }]);
  });
});
