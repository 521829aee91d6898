import { describe, expect, it } from 'vitest';
import { orderTransitionRoutes } from './order.routes.ts';
import { ORDER_TRANSITIONS, type OrderTransition } from './order-machine.ts';

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

describe('the orders’ addresses', () => {
  it('give every transition a person may start an address named after it, and none to the machine’s own', () => {
    const people = (Object.keys(ORDER_TRANSITIONS) as OrderTransition[]).filter((name) =>
      (ORDER_TRANSITIONS[name].actor as readonly string[]).some((a) => a !== 'system'),
    );
    expect(Object.keys(orderTransitionRoutes).sort()).toEqual([...people].sort());
    for (const [name, route] of Object.entries(orderTransitionRoutes)) {
      expect(route.method).toBe('POST');
      expect(route.path.endsWith(`/:id/${kebab(name)}`)).toBe(true);
    }
  });
});
