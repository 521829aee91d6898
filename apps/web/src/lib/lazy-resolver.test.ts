import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { lazyZodResolver } from './lazy-resolver';

const schema = z.object({ email: z.string().trim().pipe(z.email('Enter a valid e-mail address')) });
type Values = z.input<typeof schema>;
const options = { fields: {}, shouldUseNativeValidation: false } as never;

describe('lazyZodResolver', () => {
  it('validates with the schema it loads once, and gives the schema’s output', async () => {
    const load = vi.fn(async () => schema);
    const resolver = lazyZodResolver<Values, z.output<typeof schema>>(load);
    const bad = await resolver({ email: 'nope' }, undefined, options);
    expect(bad.errors.email?.message).toBe('Enter a valid e-mail address');
    const good = await resolver({ email: '  a@b.test ' }, undefined, options);
    expect(good).toEqual({ values: { email: 'a@b.test' }, errors: {} });
    resolver.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('lets the values go to the server (which validates them) when the schema cannot be loaded, then tries again', async () => {
    const load = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue(schema);
    const resolver = lazyZodResolver<Values>(load);
    await expect(resolver({ email: 'nope' }, undefined, options)).resolves.toEqual({
      values: { email: 'nope' },
      errors: {},
    });
    const second = await resolver({ email: 'nope' }, undefined, options);
    expect(second.errors.email?.message).toBe('Enter a valid e-mail address');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
