// @vitest-environment jsdom
import type { ChatListItem } from '@app/shared/chat/chat.schemas';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { ChatList } from './chat-list';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const aChat = (patch: Partial<ChatListItem> = {}): ChatListItem => ({
  id: 'chat-1',
  status: 'active',
  createdAt: '2026-07-03T09:00:00.000Z',
  counterpart: { id: 'i1', name: 'Nino', lastname: 'Beridze', avatarUrl: null },
  campaign: { id: 'camp-1', title: 'Autumn capsule wardrobe lookbook' },
  amountMinor: 150_000,
  unreadCount: 0,
  lastMessage: null,
  ...patch,
});

const rowOf = (name: string) => screen.getByRole('heading', { name }).closest('li') as HTMLElement;

afterEach(() => vi.unstubAllGlobals());

describe('ChatList', () => {
  it('shows each conversation: initials, full name, campaign, amount, start date and unread, and opens it', async () => {
    const fetchMock = vi.fn(async (_url: string) =>
      json({ items: [aChat({ unreadCount: 3 }), aChat({ id: 'chat-2', unreadCount: 1 })], nextCursor: null }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<ChatList selectedId="chat-2" />);
    const row = (await screen.findAllByRole('listitem'))[0]!;
    expect(within(row).getByRole('link')).toHaveAttribute('href', '/?c=chat-1');
    expect(within(row).getByRole('link')).not.toHaveAttribute('aria-current');
    expect(within(screen.getAllByRole('listitem')[1]!).getByRole('link')).toHaveAttribute('aria-current', 'true');
    expect(await within(row).findByText('NB')).toBeInTheDocument();
    expect(within(row).getByText('Autumn capsule wardrobe lookbook')).toBeInTheDocument();
    expect(within(row).getByText('1,500.00 GEL')).toBeInTheDocument();
    expect(within(row).getByText('Started Jul 3, 2026')).toBeInTheDocument();
    expect(within(row).getByText('3 new messages')).toBeInTheDocument();
    expect(within(screen.getAllByRole('listitem')[1]!).getByText('1 new message')).toBeInTheDocument();
    expect(within(row).queryByText('Closed')).not.toBeInTheDocument();
    expect(screen.getByTestId('chat-count')).toHaveTextContent('2 chats');
    expect(screen.queryByText('No chats yet. Chats will appear here when orders are created.')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls[0]![0]).toMatch(/^\/api\/chats\?limit=20$/);
  });

  it("marks a closed chat and says 'No campaign' when its order is gone", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json({
          items: [
            aChat({
              id: 'c2',
              status: 'closed',
              campaign: null,
              counterpart: { ...aChat().counterpart, id: 'x', name: 'Levan', lastname: 'Jikia' },
            }),
          ],
          nextCursor: null,
        }),
      ),
    );
    renderWithProviders(<ChatList />);
    await screen.findByRole('heading', { name: 'Levan Jikia' });
    const row = rowOf('Levan Jikia');
    expect(within(row).getByText('Closed')).toBeInTheDocument();
    expect(within(row).getByText('No campaign')).toBeInTheDocument();
    expect(within(row).queryByText(/new message/)).not.toBeInTheDocument();
  });

  it('previews the newest message with its date: the text, "You:" before one\'s own, Photo (issue 27)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json({
          items: [
            aChat({ lastMessage: { kind: 'text', text: 'See you at 5', at: '2026-07-04T09:00:00.000Z', mine: false } }),
            aChat({
              id: 'c2',
              counterpart: { ...aChat().counterpart, id: 'x', name: 'Levan', lastname: 'Jikia' },
              lastMessage: { kind: 'photo', text: null, at: '2026-07-05T09:00:00.000Z', mine: true },
            }),
            aChat({ id: 'c3', counterpart: { ...aChat().counterpart, id: 'y', name: 'Ana', lastname: 'Gogua' } }),
          ],
          nextCursor: null,
        }),
      ),
    );
    renderWithProviders(<ChatList />);
    await screen.findByRole('heading', { name: 'Levan Jikia' });
    const first = rowOf('Nino Beridze');
    expect(within(first).getByText('See you at 5')).toBeInTheDocument();
    expect(within(first).getByText('Jul 4, 2026')).toHaveAttribute('datetime', '2026-07-04T09:00:00.000Z');
    expect(within(rowOf('Levan Jikia')).getByText('You: Photo')).toBeInTheDocument();
    expect(within(rowOf('Ana Gogua')).getByText('No messages yet')).toBeInTheDocument();
  });

  it('shows a loading skeleton until the list arrives', async () => {
    let answer!: (r: Response) => void;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    renderWithProviders(<ChatList />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading chats...');
    answer(json({ items: [aChat()], nextCursor: null }));
    expect(await screen.findByRole('heading', { name: 'Nino Beridze' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('keeps the empty-state text and shows the action it is given', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ items: [], nextCursor: null })),
    );
    renderWithProviders(<ChatList emptyAction={<button type="button">Create Campaign</button>} />);
    expect(
      await screen.findByRole('heading', { name: 'No chats yet. Chats will appear here when orders are created.' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Campaign' })).toBeInTheDocument();
    expect(screen.queryByText(/Messaging is coming soon/)).not.toBeInTheDocument();
  });

  it("says 'Failed to load chats' and retries", async () => {
    let fail = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        fail
          ? json({ error: { code: 'INTERNAL_ERROR', message: 'Internal server error' } }, 500)
          : json({ items: [aChat()], nextCursor: null }),
      ),
    );
    renderWithProviders(<ChatList />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load chats');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Nino Beridze' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('loads more with the cursor', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url.includes('cursor=next')
        ? json({
            items: [
              aChat({ id: 'c2', counterpart: { id: 'i2', name: 'Ana', lastname: 'Gelashvili', avatarUrl: null } }),
            ],
            nextCursor: null,
          })
        : json({ items: [aChat()], nextCursor: 'next' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<ChatList />);
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('heading', { name: 'Ana Gelashvili' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Nino Beridze' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});
