import { describe, expect, it } from 'vitest';
import { businessToday } from '../common/dates.ts';
import { CAMPAIGN_MESSAGES, campaignListQuery, createCampaignInput } from './campaign.schemas.ts';

const valid = {
  socials: ['instagram'],
  title: ' Summer drop ',
  description: ' Two reels ',
  budget: 500,
  deadline: null,
};
const messages = (r: { error?: { issues: { message: string }[] } }) => r.error?.issues.map((i) => i.message) ?? [];

describe('createCampaignInput (spec §5)', () => {
  it('trims texts; blank upload link and missing deadline become null', () => {
    expect(createCampaignInput.parse({ ...valid, uploadLink: '' })).toEqual({
      socials: ['instagram'],
      title: 'Summer drop',
      description: 'Two reels',
      budget: 500,
      deadline: null,
      uploadLink: null,
    });
  });
  it('needs one network from the four', () => {
    for (const socials of [[], ['linkedin'], ['instagram', 'tiktok'], undefined]) {
      expect(messages(createCampaignInput.safeParse({ ...valid, socials }))).toContain(CAMPAIGN_MESSAGES.network);
    }
  });
  it('needs a non-blank title and description; title at most 50', () => {
    expect(messages(createCampaignInput.safeParse({ ...valid, title: '   ' }))).toEqual([CAMPAIGN_MESSAGES.required]);
    expect(messages(createCampaignInput.safeParse({ ...valid, description: '' }))).toEqual([
      CAMPAIGN_MESSAGES.required,
    ]);
    expect(createCampaignInput.safeParse({ ...valid, title: 'x'.repeat(50) }).success).toBe(true);
    expect(messages(createCampaignInput.safeParse({ ...valid, title: 'x'.repeat(51) }))).toEqual([
      CAMPAIGN_MESSAGES.titleTooLong,
    ]);
  });
  it('budget is whole GEL between 0 and 1,000,000', () => {
    expect(createCampaignInput.safeParse({ ...valid, budget: 0 }).success).toBe(true);
    for (const budget of [-1, 1.5, 1_000_001, '500', Number.NaN]) {
      expect(createCampaignInput.safeParse({ ...valid, budget }).success).toBe(false);
    }
  });
  it('deadline: today or later, a real yyyy-MM-dd date', () => {
    expect(createCampaignInput.safeParse({ ...valid, deadline: businessToday() }).success).toBe(true);
    expect(messages(createCampaignInput.safeParse({ ...valid, deadline: '2020-01-01' }))).toEqual([
      CAMPAIGN_MESSAGES.deadlinePast,
    ]);
    expect(createCampaignInput.safeParse({ ...valid, deadline: '2030-02-30' }).success).toBe(false);
    expect(createCampaignInput.safeParse({ ...valid, deadline: '01/02/2030' }).success).toBe(false);
  });
  it('upload link must be http(s)', () => {
    expect(createCampaignInput.parse({ ...valid, uploadLink: 'https://drive.example.com/brief' }).uploadLink).toBe(
      'https://drive.example.com/brief',
    );
    for (const uploadLink of ['javascript:alert(1)', 'ftp://x.example', 'not a link']) {
      expect(messages(createCampaignInput.safeParse({ ...valid, uploadLink }))).toEqual([CAMPAIGN_MESSAGES.uploadLink]);
    }
  });
});

describe('campaignListQuery', () => {
  it('coerces the limit and refuses unknown platforms', () => {
    expect(campaignListQuery.parse({ limit: '5' }).limit).toBe(5);
    expect(campaignListQuery.parse({}).limit).toBe(20);
    expect(campaignListQuery.safeParse({ platform: 'twitter' }).success).toBe(false);
    expect(campaignListQuery.safeParse({ limit: '500' }).success).toBe(false);
  });
});
