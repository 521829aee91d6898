import { describe, expect, it } from 'vitest';
import { isUniqueViolation } from './pg-errors.ts';

describe('isUniqueViolation', () => {
  const pg = { code: '23505', constraint: 'campaign_applications_once' };
  it('finds the violation bare or wrapped by drizzle, and checks the constraint when named', () => {
    expect(isUniqueViolation(pg)).toBe(true);
    expect(isUniqueViolation(new Error('Failed query', { cause: pg }))).toBe(true);
    expect(isUniqueViolation(new Error('Failed query', { cause: pg }), 'campaign_applications_once')).toBe(true);
    expect(isUniqueViolation(pg, 'campaign_invitations_once')).toBe(false);
  });
  it('is false for anything else', () => {
    expect(isUniqueViolation({ code: '23503' })).toBe(false);
    expect(isUniqueViolation(new Error('boom'))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });
});
