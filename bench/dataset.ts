// Bulk data for the benchmark: INSERT … SELECT generate_series, so 100,000 campaigns take seconds, not minutes.
// Rows are a pure function of their number n, so the same n always gives the same campaign, and a campaign's id,
// its applications and its order can be computed from n without reading anything back.
import { CAMPAIGN_NETWORKS, DIRECTORY_PLATFORMS, OFFERED_CATEGORY_COUNT } from '@app/shared/constants';
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client.ts';

/** Brands that own the campaigns besides the benchmark's own client. */
export const BRANDS = 1000;
/** Every OWNER_EVERY-th campaign belongs to the benchmark client (2,040 of 100,000, in every status). */
export const OWNER_EVERY = 49;
/** The benchmark influencer applied to every APPLIED_EVERY-th campaign (100 of 100,000, spread over time). */
export const APPLIED_EVERY = 997;
/** Messages in each order's chat: 100,000 over 100,000 campaigns (one in twelve campaigns has hired). */
export const MESSAGES_PER_CHAT = 12;

const list = (xs: readonly string[]) => `(array[${xs.map((x) => `'${x}'`).join(', ')}])`;
const NETWORKS = list(CAMPAIGN_NETWORKS);
const PLATFORMS = list(DIRECTORY_PLATFORMS);

/** A valid version-4 uuid derived from a key: zod's z.uuid() (the :id routes) checks version and variant bits. */
export const uuidOf = (key: string) => `(overlay(overlay(md5(${key}) placing '4' from 13) placing '8' from 17))::uuid`;
const campaignId = (n: string) => uuidOf(`'campaign-' || ${n}`);
const influencerId = (n: string) => uuidOf(`'influencer-' || ${n}`);
const applicationId = (n: string, k: string) => uuidOf(`'application-' || ${n} || '-' || ${k}`);

/**
 * Canceled 5 %; of the campaigns with applicants (every third), one in ten in progress and three in twenty done;
 * the rest (about 87 %) open.
 */
const campaignStatus = (n: string) =>
  `(case when ${n} % 20 = 19 then 'canceled' when ${n} % 3 = 0 and ${n} % 20 >= 16 then 'done'
         when ${n} % 3 = 0 and ${n} % 20 >= 14 then 'in_progress' else 'open' end)`;
/** Applicants of campaign n: every third campaign gets 1 to 5; applicant k is influencer (7n + 997k) mod N. */
const applicants = (n: string) => `(case when ${n} % 3 = 0 then 1 + ${n} % 5 else 0 end)`;

async function run(db: Db, statement: string) {
  await db.execute(sql.raw(statement));
}

/**
 * `count` influencers with users rows, 1 to 3 of the offered categories, 1 to 3 platforms with followers and handles;
 * one in fifty inactive. Plus the brands (users and clients rows) that own the campaigns.
 */
export async function insertPeople(db: Db, influencers: number) {
  await run(
    db,
    `insert into users (id, name, email, email_verified, role, created_at, updated_at)
     select 'bench-brand-' || n, 'Brand ' || n, 'brand' || n || '@bench.test', true, 'client',
            now() - interval '2 years', now() - interval '2 years'
     from generate_series(1, ${BRANDS}) n`,
  );
  await run(
    db,
    `insert into clients (user_id, name, lastname, is_onboarded, created_at, updated_at)
     select 'bench-brand-' || n, 'Brand', 'Owner ' || n, true, now() - interval '2 years', now() - interval '2 years'
     from generate_series(1, ${BRANDS}) n`,
  );
  await run(
    db,
    `insert into users (id, name, email, email_verified, role, created_at, updated_at)
     select 'bench-influencer-' || n, 'Creator ' || n, 'creator' || n || '@bench.test', true, 'influencer',
            now() - n * interval '90 minutes', now() - n * interval '90 minutes'
     from generate_series(1, ${influencers}) n`,
  );
  // Platforms j = 0..(n % 3) at offsets 0, 2, 4 (mod 6) are distinct; so are categories at 0, 3, 6 (mod 8).
  await run(
    db,
    `insert into influencers (id, user_id, name, lastname, socials, is_active, is_onboarded, created_at, updated_at)
     select ${influencerId('n')}, 'bench-influencer-' || n, 'Creator', 'Number ' || n,
            (select jsonb_object_agg(${PLATFORMS}[(n + 2 * j) % 6 + 1], 'creator' || n)
               from generate_series(0, n % 3) j),
            n % 50 <> 0, true, now() - n * interval '90 minutes', now() - n * interval '90 minutes'
     from generate_series(1, ${influencers}) n`,
  );
  await run(
    db,
    `insert into influencer_platforms (influencer_id, platform, created_at)
     select ${influencerId('n')}, ${PLATFORMS}[(n + 2 * j) % 6 + 1], now()
     from generate_series(1, ${influencers}) n, generate_series(0, 2) j
     where j <= n % 3`,
  );
  // Reach is a verified account's (issue 13): the YouTube, TikTok and Instagram ones are verified here.
  await run(
    db,
    `insert into social_verifications (influencer_id, platform, handle, url, account_id, follower_count, status,
                                       verified_at, counts_refreshed_at)
     select ${influencerId('n')}, p.platform, '@creator' || n, 'https://example.test/' || n, 'bench-' || n || '-' || j,
            500 + (n * 7919 + j * 104729) % 2000000, 'verified', now(), now()
     from generate_series(1, ${influencers}) n, generate_series(0, 2) j,
          lateral (select ${PLATFORMS}[(n + 2 * j) % 6 + 1] as platform) p
     where j <= n % 3 and p.platform in ('youtube', 'tiktok', 'instagram')`,
  );
  await run(
    db,
    `update influencers i set verified_followers = coalesce((select sum(v.follower_count)::int from social_verifications v
       where v.influencer_id = i.id and v.status = 'verified'), 0)
     where i.user_id like 'bench-influencer-%'`,
  );
  await run(
    db,
    `insert into influencer_categories (influencer_id, category_id)
     select ${influencerId('n')}, c.id
     from generate_series(1, ${influencers}) n, generate_series(0, 2) j, categories c
     where j <= n % 3 and c.sort_order = (n + 3 * j) % ${OFFERED_CATEGORY_COUNT}`,
  );
}

/**
 * Campaigns n = from..to over the brands, newest first by n, five minutes apart (100,000 span about a year), with
 * deadlines none 30 %, ahead 60 %, passed 10 %; their applications; an accepted application, a paid order and its
 * chat on campaigns in progress or done; a client's rating on the done ones. The benchmark client owns every
 * OWNER_EVERY-th campaign; the benchmark influencer applied to every APPLIED_EVERY-th.
 */
export async function insertCampaigns(
  db: Db,
  range: { from: number; to: number },
  bench: { clientId: string; influencerId: string },
  influencers: number,
) {
  const series = `generate_series(${range.from}, ${range.to}) n`;
  await run(
    db,
    `with brand as (
       select id, row_number() over (order by user_id) - 1 as i from clients where user_id like 'bench-brand-%'
     )
     insert into campaigns (id, client_id, title, description, budget_minor, deadline, socials, status, created_at,
                            updated_at)
     select ${campaignId('n')},
            case when n % ${OWNER_EVERY} = 0 then '${bench.clientId}'::uuid else brand.id end,
            (array['Summer launch', 'Store opening', 'Honest review', 'Giveaway', 'Recipe Reel', 'Unboxing'])[n % 6 + 1]
              || ' #' || n,
            repeat('Show the product to your audience, tag the brand and keep the link in your bio for a week. ',
                   1 + n % 5),
            (3 + n % 48) * 10000,
            case when n % 10 < 3 then null
                 when n % 10 < 9 then current_date + (n % 60)::int
                 else current_date - (1 + n % 30)::int end,
            array[${NETWORKS}[n % 4 + 1]],
            ${campaignStatus('n')},
            now() - n * interval '5 minutes' - ((n * 7919) % 1000000) * interval '1 microsecond',
            now() - n * interval '5 minutes'
     from ${series} join brand on brand.i = n % ${BRANDS}`,
  );
  // Applicant k = 1 is hired on campaigns in progress or done; the others were turned down there. Canceled
  // campaigns turned everyone down; open ones are still deciding.
  await run(
    db,
    `insert into campaign_applications (id, campaign_id, influencer_id, status, created_at, updated_at)
     select ${applicationId('n', 'k')}, ${campaignId('n')}, ${influencerId(`((n * 7 + k * 997) % ${influencers} + 1)`)},
            case ${campaignStatus('n')} when 'open' then 'pending' when 'canceled' then 'rejected'
                 else case when k = 1 then 'accepted' else 'rejected' end end,
            now() - n * interval '5 minutes' + k * interval '1 hour',
            now() - n * interval '5 minutes' + k * interval '1 hour'
     from ${series}, generate_series(1, 5) k
     where k <= ${applicants('n')}`,
  );
  await run(
    db,
    `insert into campaign_applications (campaign_id, influencer_id, status, created_at, updated_at)
     select ${campaignId('n')}, '${bench.influencerId}'::uuid,
            case ${campaignStatus('n')} when 'open' then 'pending' else 'rejected' end,
            now() - n * interval '5 minutes' + interval '30 minutes', now() - n * interval '5 minutes' + interval '30 minutes'
     from ${series}
     where n % ${APPLIED_EVERY} = 0`,
  );
  // Invitations: one on every seventh campaign to someone who did not apply, and the benchmark influencer invited to
  // every 1,499th.
  await run(
    db,
    `insert into campaign_invitations (campaign_id, influencer_id, client_id, message, status, created_at, updated_at)
     select c.id, ${influencerId(`((n * 13) % ${influencers} + 1)`)}, c.client_id,
            case when n % 2 = 0 then 'We would like to invite you to participate in our campaign.' end,
            (array['pending', 'pending', 'declined'])[n % 3 + 1], c.created_at + interval '10 minutes',
            c.created_at + interval '10 minutes'
     from ${series} join campaigns c on c.id = ${campaignId('n')}
     where n % 7 = 0 and not exists (
       select 1 from campaign_applications a
       where a.campaign_id = c.id and a.influencer_id = ${influencerId(`((n * 13) % ${influencers} + 1)`)})
     union all
     select c.id, '${bench.influencerId}'::uuid, c.client_id, null, 'pending', c.created_at + interval '20 minutes',
            c.created_at + interval '20 minutes'
     from ${series} join campaigns c on c.id = ${campaignId('n')}
     where n % 1499 = 0 and n % ${APPLIED_EVERY} <> 0`,
  );
  const hired = `${campaignStatus('n')} in ('in_progress', 'done')`;
  await run(
    db,
    `insert into orders (id, campaign_id, application_id, influencer_id, client_id, status, amount_minor, work_status,
                         approval_status, created_at, updated_at)
     select ${uuidOf(`'order-' || n`)}, c.id, a.id, a.influencer_id, c.client_id, 'paid', c.budget_minor,
            case c.status when 'done' then 'completed' else 'in_progress' end,
            case c.status when 'done' then 'approved' end,
            a.created_at + interval '1 day', a.created_at + interval '3 days'
     from ${series}
     join campaigns c on c.id = ${campaignId('n')}
     join campaign_applications a on a.id = ${applicationId('n', '1')}
     where ${hired}`,
  );
  await run(
    db,
    `insert into chats (client_id, influencer_id, order_id, chat_type, created_at)
     select o.client_id, o.influencer_id, o.id, 'order', o.created_at
     from ${series} join orders o on o.id = ${uuidOf(`'order-' || n`)}
     where ${hired}`,
  );
  // Each order's chat holds MESSAGES_PER_CHAT messages, the parties taking turns, an hour apart; the influencer's
  // last word is unread by the client (so the unread count has something to find). About 1 message per campaign.
  await run(
    db,
    `insert into messages (chat_id, sender_id, content, created_at)
     select ch.id, case when m % 2 = 0 then cl.user_id else i.user_id end,
            'Message ' || m || ' about the campaign brief, the timing and the deliverables.',
            o.created_at + m * interval '1 hour'
     from ${series}
     join orders o on o.id = ${uuidOf(`'order-' || n`)}
     join chats ch on ch.order_id = o.id
     join clients cl on cl.id = o.client_id
     join influencers i on i.id = o.influencer_id
     cross join generate_series(1, ${MESSAGES_PER_CHAT}) m
     where ${hired}`,
  );
  await run(
    db,
    `insert into message_read_status (message_id, user_id, read_at)
     select msg.id, case when msg.sender_id = cl.user_id then i.user_id else cl.user_id end, msg.created_at
     from ${series}
     join orders o on o.id = ${uuidOf(`'order-' || n`)}
     join chats ch on ch.order_id = o.id
     join clients cl on cl.id = o.client_id
     join influencers i on i.id = o.influencer_id
     join messages msg on msg.chat_id = ch.id
     where ${hired} and (msg.sender_id = cl.user_id or msg.created_at < o.created_at + ${MESSAGES_PER_CHAT - 1} * interval '1 hour')`,
  );
  await run(
    db,
    `insert into ratings (order_id, rater_id, rated_user_id, rating, comment, created_at)
     select o.id, cl.user_id, i.user_id, 3 + n % 3, case when n % 2 = 0 then 'Delivered as agreed.' end,
            o.updated_at + interval '1 day'
     from ${series}
     join orders o on o.id = ${uuidOf(`'order-' || n`)}
     join clients cl on cl.id = o.client_id
     join influencers i on i.id = o.influencer_id
     where ${hired} and ${campaignStatus('n')} = 'done'`,
  );
  await run(db, 'analyze');
}

/** Rows per table, for the report. */
export async function tableCounts(db: Db) {
  const tables = [
    'campaigns',
    'campaign_applications',
    'campaign_invitations',
    'orders',
    'ratings',
    'chats',
    'messages',
    'influencers',
    'influencer_platforms',
  ];
  const out: Record<string, number> = {};
  for (const t of tables) {
    const res = (await db.execute(sql.raw(`select count(*)::int as n from ${t}`))) as unknown as {
      rows: { n: number }[];
    };
    out[t] = res.rows[0]!.n;
  }
  return out;
}
