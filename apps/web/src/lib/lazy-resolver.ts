import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

export type LazyResolver<In extends FieldValues, Out> = Resolver<In, unknown, Out> & {
  /** Starts loading the schema (a form calls it when a field first takes focus); resolves once it is there. */
  preload: () => void;
};

/**
 * A form's validation with its shared zod schema, loaded when the form is first used rather than with the page
 * (issue 28 §2): zod and the schemas (~25 KB brotli, and their module evaluation) stay off the way to the first tap
 * of the pages that draw a form (sign-in, registration, settings). The form calls `preload` when a field takes focus;
 * a submit before it has arrived waits for it. Should it fail to load (the network dropped), the values go to the
 * server as typed: the server validates them with the same schema and its field errors are shown as usual.
 */
export function lazyZodResolver<In extends FieldValues, Out = In>(
  load: () => Promise<z.ZodType>,
): LazyResolver<In, Out> {
  let ready: Promise<Resolver<In, unknown, Out>> | undefined;
  const get = () =>
    (ready ??= Promise.all([load(), import('@hookform/resolvers/zod')]).then(
      ([schema, { zodResolver }]) => zodResolver(schema as never) as unknown as Resolver<In, unknown, Out>,
      (error: unknown) => {
        ready = undefined; // the next validation tries again
        throw error;
      },
    ));
  const resolver: Resolver<In, unknown, Out> = async (values, context, options) => {
    let resolve: Resolver<In, unknown, Out>;
    try {
      resolve = await get();
    } catch {
      return { values: values as unknown as Out, errors: {} };
    }
    return resolve(values, context, options);
  };
  return Object.assign(resolver, { preload: () => void get().catch(() => undefined) });
}
