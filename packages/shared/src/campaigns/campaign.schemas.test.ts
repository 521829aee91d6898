import { describe, expect, it } from 'vitest';
import { businessToday } from '../common/dates.ts';
import { CAMPAIGN_MESSAGES, campaignListQuery, createCampaignInput, latestDeadline } from './campaign.schemas.ts';

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
  it('budget is required, whole GEL between 1 and 1,000,000 (no 0 GEL campaigns)', () => {
    expect(createCampaignInput.safeParse({ ...valid, budget: 1 }).success).toBe(true);
    expect(createCampaignInput.safeParse({ ...valid, budget: 1_000_000 }).success).toBe(true);
    for (const budget of [0, -1, 1.5, 1_000_001, '500', Number.NaN, undefined, null]) {
      expect(createCampaignInput.safeParse({ ...valid, budget }).success, String(budget)).toBe(false);
    }
    expect(messages(createCampaignInput.safeParse({ ...valid, budget: 0 }))).toEqual(['Budget must be at least 1 GEL']);
    expect(messages(createCampaignInput.safeParse({ ...valid, budget: undefined }))).toEqual(['Enter a budget']);
    expect(messages(createCampaignInput.safeParse({ ...valid, budget: Number.NaN }))).toEqual([
      'Budget must be a number',
    ]);
  });
  it('deadline: today or later, a real yyyy-MM-dd date', () => {
    expect(createCampaignInput.safeParse({ ...valid, deadline: businessToday() }).success).toBe(true);
    expect(messages(createCampaignInput.safeParse({ ...valid, deadline: '2020-01-01' }))).toEqual([
      CAMPAIGN_MESSAGES.deadlinePast,
    ]);
    expect(createCampaignInput.safeParse({ ...valid, deadline: '2030-02-30' }).success).toBe(false);
    expect(createCampaignInput.safeParse({ ...valid, deadline: '01/02/2030' }).success).toBe(false);
  });
  it('invisible-only title or description is blank; bidi overrides leave the title (issue 8.12)', () => {
    for (const blank of ['\u200B', '\u200B\u200D\uFEFF', ' \u2060 ']) {
      expect(messages(createCampaignInput.safeParse({ ...valid, title: blank }))).toEqual([CAMPAIGN_MESSAGES.required]);
      expect(messages(createCampaignInput.safeParse({ ...valid, description: blank }))).toEqual([
        CAMPAIGN_MESSAGES.required,
      ]);
    }
    expect(createCampaignInput.parse({ ...valid, title: 'Sale \u202Egepj.exe\u202C' }).title).toBe('Sale gepj.exe');
    expect(messages(createCampaignInput.safeParse({ ...valid, title: '\u202E\u202C' }))).toEqual([
      CAMPAIGN_MESSAGES.required,
    ]);
  });
  it('deadline: at most two years ahead (9999-12-31 is a typo), counted from today in Tbilisi', () => {
    expect(latestDeadline(new Date('2026-11-24T12:00:00Z'))).toBe('2028-11-24');
    // 23:30 UTC on Nov 24 is already Nov 25 in Tbilisi (UTC+4); Feb 29 rolls to Mar 1.
    expect(latestDeadline(new Date('2026-11-24T23:30:00Z'))).toBe('2028-11-25');
    expect(latestDeadline(new Date('2028-02-29T08:00:00Z'))).toBe('2030-03-01');
    expect(createCampaignInput.safeParse({ ...valid, deadline: latestDeadline() }).success).toBe(true);
    for (const deadline of ['9999-12-31', '2100-01-01']) {
      expect(messages(createCampaignInput.safeParse({ ...valid, deadline }))).toEqual([
        CAMPAIGN_MESSAGES.deadlineTooFar,
      ]);
    }
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
  it('reads the search, sort and budget range of an address; blanks are absent', () => {
    expect(campaignListQuery.parse({ q: '  sum ', sort: 'budget', minBudget: '10', maxBudget: '20' })).toMatchObject({
      q: 'sum',
      sort: 'budget',
      minBudget: 10,
      maxBudget: 20,
    });
    const blank = campaignListQuery.parse({ q: '   ', minBudget: '', maxBudget: '' });
    expect(blank).toEqual({ sort: 'newest', limit: 20 });
  });
  it('refuses an unknown sort, a budget that is not whole GEL, and a minimum above the maximum', () => {
    for (const query of [
      { sort: 'cheapest' },
      { minBudget: 'abc' },
      { maxBudget: '1.5' },
      { minBudget: '-1' },
      { minBudget: '5', maxBudget: '4' },
      { q: 'x'.repeat(101) },
    ]) {
      expect(campaignListQuery.safeParse(query).success, JSON.stringify(query)).toBe(false);
    }
  });
});
