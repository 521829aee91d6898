import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { readCampaignFeedParams } from './campaign-feed-params';

const read = (query: string) => readCampaignFeedParams(new URLSearchParams(query));

describe('readCampaignFeedParams', () => {
  it('reads what the server accepts, trimmed and typed', () => {
    expect(read('q=%20summer%20&platform=tiktok&sort=budget&minBudget=100&maxBudget=500')).toEqual({
      filter: { q: 'summer', platform: 'tiktok', sort: 'budget', minBudget: 100, maxBudget: 500 },
      unrecognised: [],
    });
  });

  it('treats empty values and the default order as absent, and ignores parameters that are not its own', () => {
    expect(read('q=&minBudget=&sort=newest&create=1&utm_source=mail')).toEqual({ filter: {}, unrecognised: [] });
  });

  it('leaves out and reports each value the server would refuse, keeping the rest', () => {
    expect(read('platform=myspace&sort=cheapest&minBudget=abc&maxBudget=1.5&q=lemon')).toEqual({
      filter: { q: 'lemon' },
      unrecognised: [
        { name: 'platform', value: 'myspace' },
        { name: 'sort', value: 'cheapest' },
        { name: 'minBudget', value: 'abc' },
        { name: 'maxBudget', value: '1.5' },
      ],
    });
    expect(read(`q=${'x'.repeat(101)}`).unrecognised).toEqual([{ name: 'q', value: 'x'.repeat(101) }]);
  });

  it('reports a minimum above the maximum and uses neither', () => {
    expect(read('minBudget=500&maxBudget=100&sort=deadline')).toEqual({
      filter: { sort: 'deadline' },
      unrecognised: [
        { name: 'minBudget', value: '500' },
        { name: 'maxBudget', value: '100' },
      ],
    });
  });

  it('round-trips through the address the screen writes', () => {
    const filter = { q: 'sum dri', platform: 'youtube', sort: 'deadline', minBudget: 0, maxBudget: 20 } as const;
    const href = paths.campaigns.href(filter);
    expect(href).toBe('/campaigns?q=sum+dri&platform=youtube&sort=deadline&minBudget=0&maxBudget=20');
    expect(read(href.split('?')[1]!).filter).toEqual(filter);
    expect(paths.campaigns.href({ sort: 'newest' })).toBe('/campaigns');
  });
});
