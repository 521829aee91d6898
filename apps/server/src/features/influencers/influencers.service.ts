import { businessToday } from '@app/shared/common/dates';
import { LIMITS } from '@app/shared/constants';
import { visibleSocials } from '@app/shared/format/format';
import type {
  ClientHome,
  directoryQuery,
  InfluencerCard,
  InfluencerProfile,
} from '@app/shared/influencers/influencer.schemas';
import type { z } from 'zod';
import { notFound } from '../../lib/app-error.ts';
import { decodeCursor, decodeKeyset, encodeKeyset, pageFrom } from '../../lib/cursor.ts';
import { profileOf } from '../../lib/guards.ts';
import type { Actor } from '../auth/auth.service.ts';
import type { InfluencersRepository } from './influencers.repository.ts';

type CardSource = {
  id: string;
  name: string;
  lastname: string;
  avatarUrl: string | null;
  socials: Record<string, unknown> | null;
  categories: InfluencerCard['categories'];
  platforms: InfluencerCard['platforms'];
  prices: InfluencerCard['prices'];
  rating: { average: number | string | null; count: number | string } | null;
};

function toCard(row: CardSource): InfluencerCard {
  const average = row.rating?.average;
  return {
    id: row.id,
    name: row.name,
    lastname: row.lastname,
    avatarUrl: row.avatarUrl,
    socials: visibleSocials(row.socials),
    categories: row.categories,
    platforms: row.platforms,
    totalFollowers: row.platforms.reduce((sum, p) => sum + (p.followersCount ?? 0), 0),
    prices: row.prices,
    rating: { average: average == null ? null : Number(average), count: Number(row.rating?.count ?? 0) },
  };
}

export function createInfluencersService(deps: { repo: InfluencersRepository; today?: () => string }) {
  const { repo } = deps;
  const today = deps.today ?? (() => businessToday());
  const influencerNotFound = () => notFound('Influencer');

  return {
    async directory(query: z.output<typeof directoryQuery>) {
      const byFollowers = query.sort === 'followers';
      const rows = await repo.directoryPage({
        category: query.category,
        social: query.social,
        sort: query.sort,
        minFollowers: query.minFollowers,
        cursor: byFollowers ? null : decodeCursor(query.cursor),
        keyset: byFollowers ? decodeKeyset(query.cursor, { kind: 'integer', tag: 'followers' }) : null,
        limit: query.limit,
      });
      if (byFollowers) {
        const more = rows.length > query.limit;
        const items = more ? rows.slice(0, query.limit) : rows;
        const last = items[items.length - 1];
        return {
          items: items.map(toCard),
          nextCursor:
            more && last ? encodeKeyset({ key: String(last.verifiedFollowers), id: last.id }, 'followers') : null,
        };
      }
      const page = pageFrom(rows, query.limit, (r) => ({ createdAt: r.cursorAt, id: r.id }));
      return { items: page.items.map(toCard), nextCursor: page.nextCursor };
    },

    async profile(id: string): Promise<InfluencerProfile> {
      const row = await repo.profile(id);
      if (!row) throw influencerNotFound();
      return {
        ...toCard(row),
        email: row.email,
        joinedAt: row.joinedAt.toISOString(),
        totalCampaigns: row.totalCampaigns,
      };
    },

    async home(actor: Actor): Promise<ClientHome> {
      const clientId = profileOf(actor, 'client');
      const [influencers, openCampaigns, top] = await Promise.all([
        repo.countActive(),
        repo.countOpenCampaigns(clientId, today()),
        repo.newestActive(LIMITS.topInfluencers),
      ]);
      return {
        counts: { influencers, openCampaigns },
        topInfluencers: top.map((i) => ({ ...i, socials: visibleSocials(i.socials) })),
      };
    },

    async invitableCampaigns(actor: Actor, influencerId: string) {
      const clientId = profileOf(actor, 'client');
      if (!(await repo.isActiveInfluencer(influencerId))) throw influencerNotFound();
      return { items: await repo.invitableCampaigns(clientId, influencerId, today()) };
    },
  };
}
export type InfluencersService = ReturnType<typeof createInfluencersService>;
