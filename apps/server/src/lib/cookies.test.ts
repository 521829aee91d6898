import { describe, expect, it } from 'vitest';
import { cookieValue } from './cookies.ts';

describe('cookieValue', () => {
  const name = 'influence.session_token';
  it('reads the one session cookie among others', () => {
    expect(cookieValue(`x=1; ${name}=tok.sig%3D; y=2`, name)).toBe('tok.sig%3D');
  });
  it('gives up when it is missing, empty or given twice', () => {
    expect(cookieValue(undefined, name)).toBeUndefined();
    expect(cookieValue(`${name}=`, name)).toBeUndefined();
    expect(cookieValue(`${name}=a; ${name}=b`, name)).toBeUndefined();
    expect(cookieValue(`__Secure-${name}=a`, name)).toBeUndefined();
  });
});
