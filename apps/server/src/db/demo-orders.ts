// The demo's orders beyond "awaiting payment", played on first start through the same flows people use: the client
// pays on the bank's card page (the emulator's, test card 4111…), then the influencer starts and submits and the
// client sends work back, all over the API. So each hold really exists at the bank and every later step (approve =
// capture, cancel = release) works on demo data exactly as on anyone's. The demo client also keeps a saved card.

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Db } from './client.ts';
import { DEMO_CAMPAIGNS, DEMO_INFLUENCERS } from './demo-data.ts';
import { campaigns, chats, orders } from './schema.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed.ts';

const CLIENT_EMAIL = { levan: DEMO_ACCOUNTS.client, nata: DEMO_ACCOUNTS.brand } as const;
/** A real-format Georgian IBAN (Bank of Georgia's example in its public docs). */
export const DEMO_IBAN = 'GE29NB0000000101904917';
const PROOF: Record<string, string> = {
  instagram: 'https://www.instagram.com/p/demo-carousel/',
  tiktok: 'https://www.tiktok.com/@ninostyles/video/1',
};

/** How often a request the server shed (503) is tried in all: at 1 s apart, half a minute of a busy machine. */
const OVERLOAD_ATTEMPTS = 30;

type Log = { info: (o: object, m?: string) => void; warn: (o: object, m?: string) => void };

/**
 * Runs once, right after the first start seeded the demo and the server listens (the bank's callbacks need it).
 * `publicUrl` is the app's address (the Origin its API expects); `bankUrl` the emulator's.
 */
export async function playDemoOrders(deps: {
  app: FastifyInstance;
  db: Db;
  publicUrl: string;
  bankUrl: string;
  log: Log;
  /** Wait before asking again after a 503 (the server shedding load); 1 s unless a test says otherwise. */
  retryMs?: number;
}) {
  const { app, db, publicUrl, bankUrl, log } = deps;
  const retryMs = deps.retryMs ?? 1000;
  // The first start is busy (migrations, the seed's password hashes), and on a loaded machine the server's load
  // shedding answers 503 with Retry-After to these requests too. The demo then waits and asks again, as any client
  // should; otherwise a busy first start would leave the demo without its paid orders for good (it plays only once).
  const inject = async (opts: InjectOptions) => {
    for (let attempt = 1; ; attempt++) {
      const res = await app.inject(opts);
      if (res.statusCode !== 503 || attempt >= OVERLOAD_ATTEMPTS) return res;
      await new Promise((r) => setTimeout(r, retryMs));
    }
  };
  const cookies = new Map<string, string>();
  const call = async (email: string, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => {
    let cookie = cookies.get(email);
    if (!cookie) {
      const res = await inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        headers: { origin: publicUrl },
        payload: { email, password: DEMO_PASSWORD },
      });
      if (res.statusCode !== 200) throw new Error(`sign-in as ${email}: ${res.statusCode} ${res.body}`);
      cookie = ([res.headers['set-cookie']].flat().filter(Boolean) as string[]).map((c) => c.split(';')[0]).join('; ');
      cookies.set(email, cookie);
    }
    const res = await inject({
      method,
      url,
      headers: { origin: publicUrl, cookie },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json() as Record<string, unknown>;
  };

  // What the card page's form sends when a person pays (emulators/bog README, test cards 4111… Visa, 5555… Mastercard).
  const payAtBank = async (redirectUrl: string, cardNumber: string) => {
    const bankOrderId = new URL(redirectUrl).searchParams.get('order_id')!;
    await fetch(`${bankUrl}/payment/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ order_id: bankOrderId, card_number: cardNumber, expiry: '12/30', cvc: '123' }),
      redirect: 'manual',
    });
  };
  // The bank's callback settles the payment; the payment's page asks the bank itself if it is late.
  const settled = async (email: string, paymentId: string, statuses: string[]) => {
    for (let i = 0; i < 50; i++) {
      const p = await call(email, 'GET', `/api/payments/${paymentId}`);
      if (statuses.includes(p.status as string)) return;
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  let played = 0;
  for (const c of DEMO_CAMPAIGNS.filter((d) => d.progress)) {
    const hired = c.applications.find((a) => a.status === 'accepted')!;
    const influencerEmail = DEMO_INFLUENCERS.find((i) => i.key === hired.by)!.email;
    const clientEmail = CLIENT_EMAIL[c.client];
    const [order] = await db
      .select({ id: orders.id, amountMinor: orders.amountMinor, status: orders.status })
      .from(orders)
      .innerJoin(campaigns, eq(campaigns.id, orders.campaignId))
      .where(eq(campaigns.title, c.title));
    if (order?.status !== 'unpaid') continue;
    try {
      // A few words before paying, as people do; the last one waits unread for the client (the Chat badge).
      const [chat] = await db.select({ id: chats.id }).from(chats).where(eq(chats.orderId, order.id));
      if (chat) {
        const say = (email: string, content: string) =>
          call(email, 'POST', `/api/chats/${chat.id}/messages`, { clientId: randomUUID(), content });
        await say(clientEmail, 'Hi! Thanks for applying. The brief is on the campaign page; anything unclear?');
        await say(influencerEmail, 'All clear, thank you! I will share the post here as soon as it is live.');
      }
      const payment = await call(clientEmail, 'POST', `/api/orders/${order.id}/payments`, {
        amountMinor: order.amountMinor,
        lang: 'en',
      });
      await payAtBank(payment.redirectUrl as string, '4111111111111111');
      await settled(clientEmail, payment.id as string, ['held']);
      if (c.progress === 'paid') continue;
      await call(influencerEmail, 'POST', `/api/orders/${order.id}/start-work`);
      if (c.progress === 'working') continue;
      await call(influencerEmail, 'POST', `/api/orders/${order.id}/submit-work`, {
        proofUrl: PROOF[c.network] ?? PROOF.instagram,
        completionNotes: 'Posted this evening; the stories stay up for 24 hours.',
      });
      if (c.progress === 'submitted') continue;
      if (c.progress === 'paid_out') {
        await call(clientEmail, 'POST', `/api/orders/${order.id}/approve`);
        continue;
      }
      await call(clientEmail, 'POST', `/api/orders/${order.id}/reject-work`, {
        feedback: 'Lovely shots! Please add the store address to the caption and tag our account in the second slide.',
      });
    } catch (e) {
      log.warn({ campaign: c.title, err: (e as Error).message }, 'could not play a demo order');
    } finally {
      played += 1;
    }
  }
  // The demo client keeps a saved Mastercard, so Start & Pay with a saved card works at once (the spec's 1 GEL check,
  // released by the bank as soon as the card is saved).
  try {
    const cards = (await call(DEMO_ACCOUNTS.client, 'GET', '/api/saved-cards')).items as unknown[];
    if (cards.length === 0) {
      const check = await call(DEMO_ACCOUNTS.client, 'POST', '/api/saved-cards', { lang: 'en' });
      await payAtBank(check.redirectUrl as string, '5555555555554444');
      await settled(DEMO_ACCOUNTS.client, check.id as string, ['held', 'released']);
    }
  } catch (e) {
    log.warn({ err: (e as Error).message }, 'could not save the demo card');
  }
  // The demo influencer's IBAN, and last month's payout of the approved order above, made and marked paid by the
  // demo admin as on the 1st (the statement mail is in the local mailbox).
  try {
    await call(DEMO_ACCOUNTS.influencer, 'PUT', '/api/me/iban', { iban: DEMO_IBAN });
    const run = await call(DEMO_ACCOUNTS.admin, 'POST', '/api/admin/payouts');
    const batch = run.batch as { id: string } | null;
    if (batch) await call(DEMO_ACCOUNTS.admin, 'POST', `/api/admin/payouts/${batch.id}/paid`);
  } catch (e) {
    log.warn({ err: (e as Error).message }, 'could not play the demo payout');
  }
  log.info({ played }, 'demo orders played through the bank emulator');
  return played;
}
