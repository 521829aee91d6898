import { describe, expect, it } from 'vitest';
import { changePasswordInput, deactivateInput, registerInput, signInInput } from './auth.schemas.ts';

const valid = {
  role: 'client',
  email: ' Nino@Example.COM ',
  password: 'secret',
  name: ' Nino ',
  lastname: 'Beridze',
  acceptTerms: true,
};
const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues.map((i) => i.message) ?? [];

describe('registerInput', () => {
  it('normalises email and trims names; blank optionals become null', () => {
    const out = registerInput.parse({ ...valid, mobile: '', companyId: '  ' });
    expect(out).toMatchObject({
      email: 'nino@example.com',
      name: 'Nino',
      mobile: null,
      companyId: null,
      categoryIds: [],
    });
  });
  it('carries the spec messages', () => {
    expect(messages(registerInput.safeParse({ ...valid, acceptTerms: false }))).toContain(
      'Please agree to the terms and policies',
    );
    expect(messages(registerInput.safeParse({ ...valid, role: 'influencer' }))).toContain(
      'Please select at least one category that matches your content.',
    );
    expect(messages(registerInput.safeParse({ ...valid, password: '12345' }))).toContain(
      'Password must be at least 6 characters long',
    );
    expect(messages(registerInput.safeParse({ ...valid, email: '' }))).toContain('Please enter your email address');
  });
  it('names: invisible-only is blank, bidi overrides are removed (issue 8.12)', () => {
    expect(messages(registerInput.safeParse({ ...valid, name: '\u200B\u200C' }))).toEqual(['Name is required']);
    expect(messages(registerInput.safeParse({ ...valid, lastname: '\u202E' }))).toEqual(['Last name is required']);
    expect(registerInput.parse({ ...valid, name: 'Ni\u202Eno\u202C' }).name).toBe('Nino');
  });
  it('keeps company ID for clients only and refuses other roles', () => {
    const cat = '5f0c7c2e-6a53-4a4f-9e1b-0a2b3c4d5e6f';
    expect(registerInput.safeParse({ ...valid, role: 'influencer', categoryIds: [cat], companyId: '1' }).success).toBe(
      false,
    );
    expect(registerInput.safeParse({ ...valid, role: 'influencer', categoryIds: [cat] }).success).toBe(true);
    expect(registerInput.safeParse({ ...valid, role: 'admin' }).success).toBe(false);
  });
});

describe('other account inputs', () => {
  it('sign-in needs both fields', () => {
    expect(messages(signInInput.safeParse({ email: 'a@b.c', password: '' }))).toEqual([
      'You must provide either an email or phone number and a password',
    ]);
  });
  it('password change needs every field and 6 characters', () => {
    expect(messages(changePasswordInput.safeParse({ currentPassword: '', newPassword: 'abcdef' }))).toContain(
      'Please fill in all password fields',
    );
    expect(changePasswordInput.safeParse({ currentPassword: 'x', newPassword: 'abcde' }).success).toBe(false);
  });
  it('deactivation needs exactly "delete me"', () => {
    expect(deactivateInput.safeParse({ confirmation: 'delete me' }).success).toBe(true);
    for (const c of ['Delete me', 'delete me ', 'delete'])
      expect(deactivateInput.safeParse({ confirmation: c }).success).toBe(false);
  });
});
