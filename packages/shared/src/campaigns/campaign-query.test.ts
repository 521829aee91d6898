import { describe, expect, it } from 'vitest';
import { campaignListQuery } from './campaign.schemas';
import { type CampaignFeedParam, readCampaignParam } from './campaign-query';

/** Values a link or a filter box can hold, the odd ones included. */
const VALUES = [
  '',
  ' ',
  '0',
  '1',
  '12',
  ' 12 ',
  '007',
  '1000000',
  '1000001',
  '999999.5',
  '1.5',
  '-1',
  '-0',
  '-1.5',
  '1e3',
  '1e20',
  '0x10',
  '0b11',
  'abc',
  '12abc',
  'Infinity',
  '-Infinity',
  'NaN',
  '9007199254740993',
  '1,000',
  '١٢',
  'newest',
  'budget',
  'deadline',
  'cheapest',
  'NEWEST',
  'instagram',
  'tiktok',
  'youtube',
  'facebook',
  'linkedin',
  'Instagram',
  'summer',
  '  summer drinks  ',
  'a\u0000b',
  'x'.repeat(100),
  'x'.repeat(101),
  ` ${'x'.repeat(100)} `,
  '😀'.repeat(50),
  '😀'.repeat(51),
  'წყალი',
];
const PARAMS: CampaignFeedParam[] = ['q', 'platform', 'sort', 'minBudget', 'maxBudget'];

describe('the campaign list address read without zod', () => {
  it('takes and refuses every value as the server schema does, with its words', () => {
    for (const name of PARAMS) {
      for (const raw of VALUES) {
        const server = campaignListQuery.shape[name].safeParse(raw);
        const ours = readCampaignParam(name, raw);
        const expected = server.success
          ? { ok: true, value: server.data }
          : { ok: false, message: server.error.issues[0]?.message };
        expect({ name, raw, ...ours }).toEqual({ name, raw, ...expected });
      }
    }
  });
});
