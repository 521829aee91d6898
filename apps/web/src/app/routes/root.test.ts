import { describe, expect, it } from 'vitest';
import { postLoginTarget } from './root';

describe('postLoginTarget (spec §2 post-login routing)', () => {
  it.each([
    [{ role: 'client', isOnboarded: false }, '/client-wizard-1'],
    [{ role: 'influencer', isOnboarded: false }, '/influencer-wizard-1'],
    [{ role: 'client', isOnboarded: true }, '/home'],
    [{ role: 'influencer', isOnboarded: true }, '/campaigns'],
    [{ role: 'admin', isOnboarded: null }, '/home'],
    [{ role: 'client', isOnboarded: null }, null],
    [{ role: null, isOnboarded: null }, null],
  ] as const)('%o goes to %s', (user, target) => {
    expect(postLoginTarget(user)).toBe(target);
  });
});
