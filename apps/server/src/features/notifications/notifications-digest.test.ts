// Issue 24 §2, §3 with the languages of issue 26: the daily digest mails each person once what they have not read,
// as their choices allow, and every notice (the centre's line and its mail) is written in its reader's language.
// Mail through a real SMTP receiver.
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema.ts';
import { type Person, person } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { type Received, startSmtp, unsubscribeUrl } from '../../test/smtp-inbox.ts';

let t: TestApp;
let smtp: { inbox: Received[]; port: number; close: () => Promise<void> };

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const post = (url: string, cookie?: string, body?: unknown) => t.req({ method: 'POST', url, cookie, body });
const list = async (p: Person) => (await t.req({ url: '/api/notifications', cookie: p.cookie })).json();

describe('the daily digest (issue 24 §2)', () => {
  /** Makes the person's unread notifications two hours old (the digest leaves the last hour's alone). */
  const age = (p: Person) =>
    t.db
      .update(notifications)
      .set({ createdAt: new Date(Date.now() - 2 * 3_600_000) })
      .where(and(eq(notifications.userId, p.userId), isNull(notifications.readAt)));
  const digest = async () => {
    await t.jobs.enqueue('notifications.digest', {});
    await t.jobs.runDue();
  };
  const digestsTo = (p: Person) =>
    smtp.inbox.filter((m) => m.to === p.email && /unread notifications?$/.test(m.subject));

  it('mails each person once what they have not read, never a read one, and not again', async () => {
    const reader = await person(t, 'client');
    const away = await person(t, 'influencer');
    const campaign = (
      await post('/api/campaigns', reader.cookie, {
        socials: ['instagram'],
        title: `Digest ${Math.random().toString(36).slice(2, 6)}`,
        description: 'A reel',
        budget: 150,
        deadline: null,
      })
    ).json() as { id: string; title: string };
    await post('/api/invitations', reader.cookie, { campaignId: campaign.id, influencerId: away.profileId });
    await post(`/api/campaigns/${campaign.id}/applications`, away.cookie);
    // The brand read theirs; the influencer was away.
    await post('/api/notifications/read-all', reader.cookie);
    await age(reader);
    await age(away);
    await digest();

    expect(digestsTo(reader)).toEqual([]);
    const [mail, ...more] = digestsTo(away);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('You have 1 unread notification');
    expect(mail!.text).toContain(`"${campaign.title}"`);
    expect(mail!.text).toContain(`/campaigns/${campaign.id}`);
    expect(mail!.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    // Still unread in the centre; it is simply not mailed twice.
    expect((await list(away)).unread).toBe(1);
    await digest();
    expect(digestsTo(away)).toHaveLength(1);
  });

  it('leaves the last hour alone, and nobody who turned it off (Settings or the mail’s one click)', async () => {
    const brand2 = await person(t, 'client');
    const fresh = await person(t, 'influencer');
    const off = await person(t, 'influencer');
    const campaign = (
      await post('/api/campaigns', brand2.cookie, {
        socials: ['instagram'],
        title: `Quiet ${Math.random().toString(36).slice(2, 6)}`,
        description: 'A reel',
        budget: 150,
        deadline: null,
      })
    ).json() as { id: string };
    for (const p of [fresh, off]) {
      await post('/api/invitations', brand2.cookie, { campaignId: campaign.id, influencerId: p.profileId });
    }
    const prefs = (await t.req({ url: '/api/notification-preferences', cookie: off.cookie })).json();
    expect(prefs.digest).toBe(true);
    const saved = await t.req({
      method: 'PUT',
      url: '/api/notification-preferences',
      cookie: off.cookie,
      body: { items: prefs.items, digest: false },
    });
    expect(saved.json().digest).toBe(false);
    await age(off);
    await digest();
    expect(digestsTo(fresh)).toEqual([]); // under an hour old
    expect(digestsTo(off)).toEqual([]);

    // Turned on again, then off from the digest's own one-click link.
    await t.req({
      method: 'PUT',
      url: '/api/notification-preferences',
      cookie: off.cookie,
      body: { items: prefs.items, digest: true },
    });
    await digest();
    const [mail] = digestsTo(off);
    const url = new URL(unsubscribeUrl(mail!));
    const res = await t.app.inject({
      method: 'POST',
      url: url.pathname + url.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.json()).toEqual({ kind: 'digest' });
    const after = (await t.req({ url: '/api/notification-preferences', cookie: off.cookie })).json();
    expect(after.digest).toBe(false);
    // The kinds' own choices are untouched by it.
    expect(after.items.every((p: { inApp: boolean; mail: boolean }) => p.inApp && p.mail)).toBe(true);
  });
});

describe('notices in the reader’s language (decision 034)', () => {
  it('a Georgian reader gets the centre’s line and the mail in Georgian; the English one beside them in English', async () => {
    const brand = await person(t, 'client');
    const ka = await person(t, 'influencer');
    const en = await person(t, 'influencer');
    const chose = await t.req({ method: 'PUT', url: '/api/language', cookie: ka.cookie, body: { language: 'ka' } });
    expect(chose.statusCode).toBe(200);
    const campaign = (
      await post('/api/campaigns', brand.cookie, {
        socials: ['instagram'],
        title: `Supra ${Math.random().toString(36).slice(2, 6)}`,
        description: 'A reel',
        budget: 150,
        deadline: null,
      })
    ).json() as { id: string; title: string };
    for (const p of [ka, en]) {
      await post('/api/invitations', brand.cookie, { campaignId: campaign.id, influencerId: p.profileId });
    }
    expect((await list(ka)).items[0].subject).toBe(`${brand.name} გიწვევთ კამპანიაში „${campaign.title}“`);
    expect((await list(en)).items[0].subject).toBe(`${brand.name} invited you to "${campaign.title}"`);
    await t.jobs.runDue();
    const mailTo = (p: Person) => smtp.inbox.find((m) => m.to === p.email && m.subject.includes(campaign.title));
    expect(mailTo(ka)!.text).toMatch(/^გამარჯობა, .+! დამკვეთი/);
    expect(mailTo(ka)!.text).toContain('მსგავსი წერილების გამოწერის გაუქმება');
    expect(mailTo(en)!.text).toMatch(/^Hi .+, .+ invited you to apply/);
  });
});
