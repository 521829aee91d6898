import { describe, expect, it } from 'vitest';
import { roleRefusal } from './guards.ts';

describe('roleRefusal', () => {
  it('names every admitted role, leaving admins out when others are admitted', () => {
    expect(roleRefusal(['client'])).toBe('This is only available for clients.');
    expect(roleRefusal(['client', 'admin'])).toBe('This is only available for clients.');
    expect(roleRefusal(['client', 'influencer'])).toBe('This is only available for clients and influencers.');
    expect(roleRefusal(['admin'])).toBe('This is only available for admins.');
  });
});
