// @vitest-environment jsdom
// HydrateLater on the built app's runtime (the `preact` vitest project: `react` is lib/preact-compat.ts): a held card
// keeps the server's markup while the page is taken over, and is taken over itself once the page is live.

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { hydrate, render } from 'preact/compat';
import { renderToString } from 'preact-render-to-string';
import { useId, useState } from 'react';
import { expect, test } from 'vitest';
import { AppNav } from '@/app/layouts/app-layout';
import { CampaignCard } from '@/features/campaigns/components/campaign-card';
import { PopularCategories } from '@/features/categories/components/popular-categories';
import { ChatRow } from '@/features/chat/components/chat-list';
import { SocialPlatforms } from '@/features/home/components/social-platforms';
import { InfluencerCard } from '@/features/influencers/components/influencer-card';
import { MemoryRouter } from '@/lib/router';
import { pageContainers } from '@/test/page-containers';
import { HydrateLater, holdHydration, releaseHeld } from './hydrate-later';
import '@/lib/i18n';

const container = pageContainers();
const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

/** A card with a control: it counts its clicks once taken over. */
function Counter({ name }: { name: string }) {
  const [clicks, setClicks] = useState(0);
  return (
    <button type="button" data-name={name} onClick={() => setClicks((n) => n + 1)}>
      {name} {clicks}
    </button>
  );
}
/** What the page draws after the list: an id from useId, kept where the test can read what the render made. */
const made: string[] = [];
function After() {
  const id = useId();
  made.push(id);
  return (
    <p id={id} data-after="">
      after
    </p>
  );
}
function List() {
  return (
    <main>
      <ul>
        {['a', 'b', 'c'].map((name, index) => (
          <li key={name}>
            <HydrateLater id={`card-${name}`} eager={index === 0}>
              <Counter name={name} />
            </HydrateLater>
          </li>
        ))}
      </ul>
      <After />
    </main>
  );
}

const button = (element: HTMLElement, name: string) =>
  element.querySelector<HTMLButtonElement>(`[data-name="${name}"]`)!;

test('held cards keep the server markup until the page is live, then are taken over in place', async () => {
  const element = container(renderToString(<List />));
  const serverId = element.querySelector('[data-after]')!.id;
  const drawn = ['a', 'b', 'c'].map((name) => button(element, name));
  made.length = 0;

  holdHydration();
  hydrate(<List />, element);
  // The eager card answers at once; the held ones are the server's, untouched.
  button(element, 'a').click();
  button(element, 'b').click();
  await settle();
  expect(['a', 'b', 'c'].map((name) => button(element, name).textContent)).toEqual(['a 1', 'b 0', 'c 0']);
  // What comes after the held cards has the server's id: they took none of the page's useId numbers.
  expect(made).toEqual([serverId]);

  releaseHeld();
  await settle();
  await settle();
  button(element, 'b').click();
  button(element, 'c').click();
  await settle();
  expect(['a', 'b', 'c'].map((name) => button(element, name).textContent)).toEqual(['a 1', 'b 1', 'c 1']);
  // Taken over, not drawn again: the same elements, nothing added or lost.
  expect(['a', 'b', 'c'].map((name) => button(element, name))).toEqual(drawn);
  expect(element.querySelectorAll('button')).toHaveLength(3);
});

test('a card drawn after the page is live (the next page of a list) is drawn at once', () => {
  releaseHeld();
  const element = container('');
  render(<List />, element);
  expect(element.querySelectorAll('button')).toHaveLength(3);
});

const influencer = {
  id: '0b6f2a52-7b0e-4d0e-9f55-1f2a3b4c5d6e',
  name: 'Ana',
  lastname: 'Gelashvili',
  avatarUrl: null,
  socials: { tiktok: 'anagela' },
  categories: [],
  platforms: [{ platform: 'tiktok', followersCount: 2_350_000, verified: true as const }],
  totalFollowers: 2_350_000,
  prices: [],
  rating: { average: 4.5, count: 2 },
};
const campaign = {
  id: '5d1c7c3e-2f0a-4a57-9a55-3b8f0e1d2c4b',
  title: 'Summer launch',
  description: 'Three stories about the new collection.',
  budgetMinor: 150_000,
  deadline: null,
  socials: ['instagram'],
  displayStatus: 'open',
  client: { id: 'c1', name: 'Nino', lastname: 'Beridze', avatarUrl: null },
} as unknown as Parameters<typeof CampaignCard>[0]['campaign'];
const me = {
  id: 'c1',
  role: 'client',
  name: 'Nino',
  lastname: 'Beridze',
  email: 'nino@example.test',
  avatarUrl: null,
} as unknown as Parameters<typeof AppNav>[0]['user'];
const chat = {
  id: '7a1c7c3e-2f0a-4a57-9a55-3b8f0e1d2c4b',
  status: 'open',
  createdAt: '2026-11-20T10:00:00.000Z',
  counterpart: { id: 'i1', name: 'Giorgi', lastname: 'Kapanadze', avatarUrl: null },
  campaign: { id: campaign.id, title: 'Summer launch' },
  amountMinor: 150_000,
  unreadCount: 2,
  lastMessage: { kind: 'text', text: 'Sent the draft', at: '2026-11-21T10:00:00.000Z', mine: false },
} as unknown as Parameters<typeof ChatRow>[0]['chat'];
const queryClient = new QueryClient();
queryClient.setQueryData(['categories'], {
  items: [{ id: 'fashion', name: 'Fashion & Style', offered: true }],
});
function Page() {
  return (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/home']}>
        <HydrateLater id="nav">
          <AppNav user={me} counts={{ chat: 3 }} pathname="/home" />
        </HydrateLater>
        <HydrateLater id="influencer">
          <InfluencerCard influencer={influencer} />
        </HydrateLater>
        <HydrateLater id="campaign">
          <CampaignCard campaign={campaign} viewer="influencer" />
        </HydrateLater>
        <ul>
          <HydrateLater id="chat">
            <ChatRow chat={chat} selected={false} />
          </HydrateLater>
        </ul>
        <HydrateLater id="platforms">
          <SocialPlatforms />
        </HydrateLater>
        <HydrateLater id="categories">
          <PopularCategories />
        </HydrateLater>
        <After />
      </MemoryRouter>
    </QueryClientProvider>
  );
}

test("the cards, the chat's rows, the app's navigation and Home's link sections call no useId, so holding them leaves the page's ids as the server's", async () => {
  const element = container(renderToString(<Page />));
  // Each part drew its links (the test would pass on empty parts otherwise).
  expect(element.querySelector('nav a[href="/chat"]')).not.toBeNull();
  expect(element.querySelector('a[href="/influencers?social=instagram"]')).not.toBeNull();
  expect(element.querySelector('a[href="/influencers?category=fashion"]')).not.toBeNull();
  expect(element.querySelector(`a[href="/home?c=${chat.id}"]`)).not.toBeNull();
  const serverId = element.querySelector('[data-after]')!.id;
  const html = element.innerHTML;
  made.length = 0;
  holdHydration();
  hydrate(<Page />, element);
  expect(made).toEqual([serverId]);
  releaseHeld();
  await settle();
  await settle();
  expect(element.innerHTML).toBe(html);
  expect(element.querySelector('article h2')!.id).toBe(`influencer-${influencer.id}-name`);
});
