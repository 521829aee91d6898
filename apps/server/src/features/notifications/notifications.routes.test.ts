// Issue 24 §1-3: every event reaches the right people once (a live frame to the parties' screens, a line in the
// notification centre and a mail for the one concerned), nobody else; the centre is each person's own; mail carries
// a one-click unsubscribe (RFC 8058) that works without signing in. Mail through a real SMTP receiver.
import type { ServerFrame } from '@app/shared/chat/realtime.schemas';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Person, person } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { orderFlow, PROOF } from '../../test/order-flow.ts';
import { type Received, startSmtp, unsubscribeUrl } from '../../test/smtp-inbox.ts';

type Envelope = { to: string[]; frame: ServerFrame };

let t: TestApp;
let smtp: { inbox: Received[]; port: number; close: () => Promise<void> };
let frames: Envelope[] = [];
let brand: Person;
let creator: Person;
let bystander: Person;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
  await t.database.listen!('realtime', (payload) => void frames.push(JSON.parse(payload) as Envelope));
  brand = await person(t, 'client');
  creator = await person(t, 'influencer');
  bystander = await person(t, 'influencer');
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(() => {
  frames = [];
});

const post = (url: string, cookie?: string, body?: unknown) => t.req({ method: 'POST', url, cookie, body });
const list = async (p: Person) => (await t.req({ url: '/api/notifications', cookie: p.cookie })).json();
const subjects = async (p: Person) => (await list(p)).items.map((n: { subject: string }) => n.subject) as string[];
/** Who a frame of this type reached, once per envelope. */
const audiences = (type: ServerFrame['type']) =>
  frames.filter((e) => e.frame.type === type).map((e) => [...e.to].sort());
const sorted = (...ps: Person[]) => ps.map((p) => p.userId).sort();
/** Delivers the outbox through the SMTP receiver; the mails to `p` whose subject matches. */
async function mailsTo(p: Person, subject: RegExp) {
  await t.jobs.runDue();
  return smtp.inbox.filter((m) => m.to === p.email && subject.test(m.subject));
}
const openCampaign = async (title = `Reel ${Math.random().toString(36).slice(2, 6)}`) =>
  (
    await post('/api/campaigns', brand.cookie, {
      socials: ['instagram'],
      title,
      description: 'A reel',
      budget: 150,
      deadline: null,
    })
  ).json() as { id: string; title: string };

describe('events reach the right people once (issue 24 §1-3)', () => {
  it('an invitation: both screens follow, the influencer alone is told and mailed with a one-click unsubscribe', async () => {
    const campaign = await openCampaign();
    const res = await post('/api/invitations', brand.cookie, {
      campaignId: campaign.id,
      influencerId: creator.profileId,
      message: null,
    });
    expect(res.statusCode).toBe(201);
    await vi.waitFor(() => expect(audiences('notification.created')).toHaveLength(1));
    expect(audiences('campaign.changed')).toEqual([sorted(brand, creator)]);
    expect(audiences('notification.created')).toEqual([[creator.userId]]);
    expect(await subjects(creator)).toEqual([`${brand.name} invited you to "${campaign.title}"`]);
    expect((await list(brand)).items).toEqual([]);
    expect((await list(bystander)).items).toEqual([]);

    const [mail, ...more] = await mailsTo(creator, /invited you to/);
    expect(more).toEqual([]);
    expect(mail!.text).toContain(`${t.config.publicUrl}/campaigns/${campaign.id}`);
    // RFC 8058: an HTTPS (here the public) address and the one-click POST marker.
    const url = unsubscribeUrl(mail!);
    expect(url.startsWith(`${t.config.publicUrl}/api/notifications/unsubscribe?token=`)).toBe(true);
    expect(mail!.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  });

  it('an application: the brand is told and mailed; the applicant only sees their screen follow', async () => {
    const campaign = await openCampaign();
    expect((await post(`/api/campaigns/${campaign.id}/applications`, creator.cookie)).statusCode).toBe(201);
    await vi.waitFor(() => expect(audiences('notification.created')).toHaveLength(1));
    expect(audiences('campaign.changed')).toEqual([sorted(brand, creator)]);
    expect(audiences('notification.created')).toEqual([[brand.userId]]);
    expect((await subjects(brand))[0]).toBe(`New application for "${campaign.title}"`);
    expect(await mailsTo(brand, new RegExp(`^New application for "${campaign.title}"$`))).toHaveLength(1);
    expect(await mailsTo(creator, new RegExp(campaign.title))).toEqual([]);
  });

  it('a hire: the hired influencer is told and mailed; a declined applicant’s screen follows, untold', async () => {
    const campaign = await openCampaign();
    const applied = (await post(`/api/campaigns/${campaign.id}/applications`, creator.cookie)).json();
    expect((await post(`/api/campaigns/${campaign.id}/applications`, bystander.cookie)).statusCode).toBe(201);
    frames = [];
    const before = (await list(bystander)).items.length;
    expect((await post(`/api/applications/${applied.application.id}/accept`, brand.cookie)).statusCode).toBe(200);
    await vi.waitFor(() => expect(audiences('notification.created')).toHaveLength(1));
    expect(audiences('campaign.changed')).toEqual([sorted(brand, creator, bystander)]);
    expect(audiences('notification.created')).toEqual([[creator.userId]]);
    expect((await subjects(creator))[0]).toBe(`You were hired for "${campaign.title}"`);
    expect((await list(bystander)).items).toHaveLength(before);
    expect(await mailsTo(creator, new RegExp(`^You were hired for "${campaign.title}"$`))).toHaveLength(1);
  });

  it('every order transition reaches both parties’ screens; the party who did not act is told', async () => {
    const flow = orderFlow(t);
    const { orderId, campaignId } = await flow.paidOrder({ client: brand, influencer: creator });
    const orderFrames = () => frames.filter((e) => e.frame.type === 'order.changed');
    await vi.waitFor(() => expect(orderFrames()).toHaveLength(1));
    expect(orderFrames()[0]).toMatchObject({
      to: expect.arrayContaining(sorted(brand, creator)),
      frame: { orderId, campaignId },
    });
    expect(orderFrames()[0]!.to).toHaveLength(2);
    const title = (await t.req({ url: `/api/campaigns/${campaignId}`, cookie: brand.cookie })).json().title as string;
    expect((await subjects(creator))[0]).toBe(`${brand.name} paid for "${title}": you can start`);
    expect((await subjects(brand))[0]).toBe(`Payment authorised for "${title}"`);

    frames = [];
    expect((await post(`/api/orders/${orderId}/start-work`, creator.cookie)).statusCode).toBe(200);
    expect((await post(`/api/orders/${orderId}/submit-work`, creator.cookie, PROOF)).statusCode).toBe(200);
    await vi.waitFor(() => expect(orderFrames()).toHaveLength(2));
    // The influencer acted: the brand is told twice, the influencer not at all.
    expect(audiences('notification.created')).toEqual([[brand.userId], [brand.userId]]);
    expect((await subjects(brand)).slice(0, 2)).toEqual([
      `Work delivered for "${title}": please review it`,
      `${creator.name} started the work for "${title}"`,
    ]);

    frames = [];
    expect((await post(`/api/orders/${orderId}/approve`, brand.cookie)).statusCode).toBe(200);
    await vi.waitFor(() => expect(orderFrames()).toHaveLength(1));
    expect(audiences('notification.created')).toEqual([[creator.userId]]);
    expect((await subjects(creator))[0]).toBe(`Your work for "${title}" was approved`);
    // The brand's receipt for the capture: amount, order, date, the card's last four.
    const [receipt, ...again] = await mailsTo(brand, /^Receipt: /);
    expect(again).toEqual([]);
    expect(receipt!.subject).toBe(`Receipt: 200.00 GEL for "${title}"`);
    expect(receipt!.text).toContain(`Order: ${orderId}`);
    expect(receipt!.text).toMatch(/Date: \d{4}-\d{2}-\d{2} \(Tbilisi\)/);
    expect(receipt!.text).toContain('ending 1111');
    expect(receipt!.text).toContain('Amount charged: 200.00 GEL');

    frames = [];
    expect((await post(`/api/orders/${orderId}/rating`, brand.cookie, { rating: 5, comment: null })).statusCode).toBe(
      201,
    );
    await vi.waitFor(() => expect(audiences('notification.created')).toHaveLength(1));
    expect(audiences('notification.created')).toEqual([[creator.userId]]);
    expect(audiences('campaign.changed')).toEqual([sorted(brand, creator)]);
    expect(await mailsTo(creator, new RegExp(`rated you 5 of 5 for "${title}"`))).toHaveLength(1);
    expect(frames.some((e) => e.to.includes(bystander.userId))).toBe(false);
  });
});

describe('the notification centre is each person’s own', () => {
  it('lists newest first in pages, marks one and all read, and never another’s', async () => {
    for (let i = 0; i < 3; i++) {
      const c = await openCampaign();
      await post('/api/invitations', brand.cookie, {
        campaignId: c.id,
        influencerId: bystander.profileId,
        message: null,
      });
    }
    const first = (await t.req({ url: '/api/notifications?limit=2', cookie: bystander.cookie })).json();
    expect(first.items).toHaveLength(2);
    expect(first.unread).toBe(3);
    const second = (
      await t.req({ url: `/api/notifications?limit=2&cursor=${first.nextCursor}`, cookie: bystander.cookie })
    ).json();
    expect(second.items).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
    expect(first.items[0].createdAt >= first.items[1].createdAt).toBe(true);

    const id = first.items[0].id as string;
    // Another person marking it: "not found", and it stays unread.
    expect((await post(`/api/notifications/${id}/read`, creator.cookie)).statusCode).toBe(404);
    expect((await post(`/api/notifications/${id}/read`)).statusCode).toBe(401);
    expect((await t.req({ url: '/api/notifications' })).statusCode).toBe(401);
    expect((await t.req({ url: '/api/notifications/unread-count', cookie: bystander.cookie })).json()).toEqual({
      count: 3,
    });

    frames = [];
    expect((await post(`/api/notifications/${id}/read`, bystander.cookie)).json()).toEqual({ count: 2 });
    await vi.waitFor(() => expect(audiences('notifications.read')).toEqual([[bystander.userId]]));
    // Twice is harmless and tells nobody again.
    expect((await post(`/api/notifications/${id}/read`, bystander.cookie)).json()).toEqual({ count: 2 });
    expect((await post('/api/notifications/read-all', bystander.cookie)).json()).toEqual({ count: 0 });
    expect((await t.req({ url: '/api/notifications/unread-count', cookie: bystander.cookie })).json()).toEqual({
      count: 0,
    });
    expect((await post(`/api/notifications/not-an-id/read`, bystander.cookie)).statusCode).toBe(400);
  });

  it('choices per kind: in-app off keeps the centre empty, mail off stops the mail; bad lists are refused', async () => {
    const prefs = (await t.req({ url: '/api/notification-preferences', cookie: creator.cookie })).json();
    expect(prefs.items).toHaveLength(7);
    expect(prefs.items.every((p: { inApp: boolean; mail: boolean }) => p.inApp && p.mail)).toBe(true);
    const items = prefs.items.map((p: { kind: string }) =>
      p.kind === 'invitation' ? { kind: p.kind, inApp: false, mail: false } : p,
    );
    const put = (body: unknown, cookie = creator.cookie) =>
      t.req({ method: 'PUT', url: '/api/notification-preferences', cookie, body });
    expect((await put({ items })).json().items).toContainEqual({
      kind: 'invitation',
      inApp: false,
      mail: false,
      push: true,
    });
    expect((await put({ items: items.slice(1) })).statusCode).toBe(400);
    expect((await put({ items: [...items.slice(1), items[1]] })).statusCode).toBe(400);
    expect((await put({ items }, '')).statusCode).toBe(401);

    const before = (await list(creator)).items.length;
    const campaign = await openCampaign();
    await post('/api/invitations', brand.cookie, {
      campaignId: campaign.id,
      influencerId: creator.profileId,
      message: null,
    });
    await vi.waitFor(() => expect(audiences('campaign.changed')).toHaveLength(1));
    expect((await list(creator)).items).toHaveLength(before);
    expect(await mailsTo(creator, new RegExp(campaign.title))).toEqual([]);
    // Another person's choices are untouched.
    const theirs = (await t.req({ url: '/api/notification-preferences', cookie: bystander.cookie })).json();
    expect(theirs.items.every((p: { inApp: boolean; mail: boolean }) => p.inApp && p.mail)).toBe(true);
  });
});

describe('one-click unsubscribe (RFC 8058) without signing in', () => {
  it('the mail’s address turns off that kind of mail for its reader only; a forged token is a 400', async () => {
    const campaign = await openCampaign();
    await post(`/api/campaigns/${campaign.id}/applications`, bystander.cookie);
    const [mail] = await mailsTo(brand, new RegExp(`^New application for "${campaign.title}"$`));
    const url = new URL(unsubscribeUrl(mail!));

    // A link scanner opening it changes nothing: GET is a page with one button.
    const page = await t.req({ url: url.pathname + url.search });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Unsubscribe</button>');

    // What a mail client sends: a form POST, no cookie, no Origin.
    const res = await t.app.inject({
      method: 'POST',
      url: url.pathname + url.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ kind: 'application' });
    const prefs = (await t.req({ url: '/api/notification-preferences', cookie: brand.cookie })).json().items;
    expect(prefs).toContainEqual({ kind: 'application', inApp: true, mail: false, push: true });

    const other = await openCampaign();
    await post(`/api/campaigns/${other.id}/applications`, bystander.cookie);
    expect(await mailsTo(brand, new RegExp(other.title))).toEqual([]);
    expect((await subjects(brand))[0]).toBe(`New application for "${other.title}"`);

    const token = url.searchParams.get('token')!;
    const forged = `${Buffer.from(`${creator.userId}:application`).toString('base64url')}.${token.split('.')[1]}`;
    const refused = await post(`/api/notifications/unsubscribe?token=${forged}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toContain('Settings → Notifications');
  });
});
