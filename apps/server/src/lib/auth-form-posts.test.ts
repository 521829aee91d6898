// The auth page's forms as the browser posts them (issue 28 §2): what goes to the API and what is drawn again.
import { describe, expect, it } from 'vitest';
import { bodyOfForm } from './auth-form-posts.ts';

describe('a posted auth form', () => {
  it('signs in with the e-mail and password, and draws back only the e-mail', () => {
    const form = new URLSearchParams({ intent: 'login', email: 'a@b.test', password: 'secret-1' });
    expect(bodyOfForm(form)).toEqual({
      intent: 'login',
      body: { email: 'a@b.test', password: 'secret-1' },
      values: { email: 'a@b.test' },
    });
  });

  it('registers with the ticked box as true, the password never drawn back, and the other role’s fields dropped', () => {
    const form = new URLSearchParams([
      ['intent', 'register'],
      ['role', 'influencer'],
      ['email', 'c@d.test'],
      ['password', 'secret-2'],
      ['name', 'Nino'],
      ['lastname', 'Beridze'],
      ['mobile', ''],
      ['companyId', '404000111'],
      ['categoryIds', 'c1'],
      ['categoryIds', 'c2'],
      ['acceptTerms', 'on'],
    ]);
    const { intent, body, values } = bodyOfForm(form);
    expect(intent).toBe('register');
    expect(body).toMatchObject({ role: 'influencer', password: 'secret-2', acceptTerms: true, companyId: '' });
    expect(body.categoryIds).toEqual(['c1', 'c2']);
    expect(values).not.toHaveProperty('password');
    expect(values).toMatchObject({ acceptTerms: 'on', categoryIds: ['c1', 'c2'], companyId: '' });
  });

  it('treats anything but register as a sign-in, and an unticked box as false', () => {
    expect(bodyOfForm(new URLSearchParams({ intent: 'other' })).intent).toBe('login');
    expect(bodyOfForm(new URLSearchParams({ intent: 'register' })).body.acceptTerms).toBe(false);
  });
});
