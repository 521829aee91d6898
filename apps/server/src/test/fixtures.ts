// The people a server test needs, made one way: a client or influencer registered and signed in through the API,
// an admin created as the CLI creates one (admins never sign up) and signed in. A change to sign-up or to what a
// test needs to know about a person is one change here, not one per test file.
import { createAdminAccount, registerUser, signIn, type TestApp } from './harness.ts';

export type Person = {
  cookie: string;
  userId: string;
  /** The client's or influencer's row (`clients.id` / `influencers.id`). */
  profileId: string;
  email: string;
  password: string;
  name: string;
  lastname: string;
};

/**
 * A client or influencer, registered and signed in. `extra` goes into the registration body (name, lastname,
 * mobile, companyId, categoryIds…); an influencer gets the first two categories unless it says otherwise.
 */
export async function person(
  t: TestApp,
  role: 'client' | 'influencer' = 'client',
  extra: Record<string, unknown> = {},
): Promise<Person> {
  const u = await registerUser(t, role, extra);
  const me = await t.req({ url: '/api/me', cookie: u.cookie });
  if (me.statusCode !== 200) throw new Error(`/api/me after registering: ${me.statusCode} ${me.body}`);
  const { profileId, name, lastname } = me.json().user as { profileId: string; name: string; lastname: string };
  return { ...u, profileId, name, lastname };
}

/** An admin (Ada Admin), signed in. */
export async function admin(t: TestApp): Promise<Omit<Person, 'profileId'>> {
  const a = await createAdminAccount(t);
  return { ...a, cookie: await signIn(t, a.email, a.password), name: 'Ada', lastname: 'Admin' };
}
