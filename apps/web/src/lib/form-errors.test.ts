import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { applyServerFieldErrors } from './form-errors';

type Values = { email: string; currentPassword: string; name: string };

describe('applyServerFieldErrors', () => {
  it("puts a business refusal's field errors on the form, not only VALIDATION_ERROR's", () => {
    const setError = vi.fn();
    const error = new ApiError(409, 'EMAIL_TAKEN', 'An account with this email already exists', {
      fieldErrors: { email: ['An account with this email already exists'] },
    });
    expect(applyServerFieldErrors<Values>(error, setError, ['name', 'email'])).toBe(true);
    expect(setError).toHaveBeenCalledOnce();
    expect(setError).toHaveBeenCalledWith(
      'email',
      { type: 'server', message: 'An account with this email already exists' },
      { shouldFocus: true },
    );
  });

  it('focuses only the first field it marks, and skips fields the form does not have', () => {
    const setError = vi.fn();
    const error = new ApiError(400, 'VALIDATION_ERROR', 'Invalid input', {
      fieldErrors: { name: ['Name is required'], email: ['Please enter a valid email address'], role: ['Nope'] },
    });
    expect(applyServerFieldErrors<Values>(error, setError, ['name', 'email'])).toBe(true);
    expect(setError.mock.calls).toEqual([
      ['name', { type: 'server', message: 'Name is required' }, { shouldFocus: true }],
      ['email', { type: 'server', message: 'Please enter a valid email address' }, { shouldFocus: false }],
    ]);
  });

  it('leaves the form alone (false: the caller toasts) when nothing names one of its fields', () => {
    const setError = vi.fn();
    const fields = ['email', 'currentPassword'] as const;
    expect(applyServerFieldErrors<Values>(new ApiError(401, 'WRONG_PASSWORD', 'Wrong'), setError, fields)).toBe(false);
    expect(
      applyServerFieldErrors<Values>(
        new ApiError(400, 'UNKNOWN_CATEGORY', 'x', { fieldErrors: { categoryIds: ['x'] } }),
        setError,
        fields,
      ),
    ).toBe(false);
    expect(applyServerFieldErrors<Values>(new Error('offline'), setError, fields)).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });
});
