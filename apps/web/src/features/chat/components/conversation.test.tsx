// @vitest-environment jsdom
import type { MessageDto, MessagesPage } from '@app/shared/chat/message.schemas';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toast';
import { renderWithProviders } from '@/test/render';
import { Conversation, Linkified } from './conversation';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const CHAT = '3f0c9a52-8d0e-4f55-9a51-2f8f4f1f0a01';
const message = (patch: Partial<MessageDto>): MessageDto => ({
  id: crypto.randomUUID(),
  seq: 1,
  clientId: null,
  mine: false,
  kind: 'text',
  content: 'Hello',
  attachment: null,
  createdAt: '2026-07-03T09:15:00.000Z',
  seen: false,
  from: null,
  ...patch,
});
const pageOf = (items: MessageDto[], patch: Partial<MessagesPage> = {}): MessagesPage => ({
  chat: {
    id: CHAT,
    kind: 'order',
    status: 'active',
    counterpart: { id: 'i1', name: 'Nino', lastname: 'Beridze', avatarUrl: null },
    campaign: { id: 'camp-1', title: 'Autumn lookbook' },
    amountMinor: 150_000,
    stage: 'in_progress',
    support: 'none',
    parties: null,
  },
  items,
  hasOlder: false,
  ...patch,
});

type Handler = (url: string, init?: RequestInit) => Response | Promise<Response>;
function serve(handlers: { get?: Handler; send?: Handler }) {
  const calls: { url: string; method: string; body?: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url.endsWith('/read')) return json({ unreadCount: 0, total: 0 });
      if (method === 'POST') return (handlers.send ?? (() => json({}, 500)))(url, init);
      return (handlers.get ?? (() => json(pageOf([]))))(url, init);
    }),
  );
  return calls;
}
const show = () =>
  renderWithProviders(
    <>
      <Conversation chatId={CHAT} />
      <Toaster />
    </>,
  );

afterEach(() => vi.unstubAllGlobals());

describe('Conversation', () => {
  it('shows the header, own messages on the right with their mark, and reads the chat on opening', async () => {
    const calls = serve({
      get: () =>
        json(
          pageOf([
            message({ seq: 1, content: 'Hi, brief attached?' }),
            message({ seq: 2, mine: true, content: 'Yes, on the campaign page', seen: true }),
            message({ seq: 3, mine: true, content: 'And the moodboard', seen: false }),
          ]),
        ),
    });
    show();
    const pane = await screen.findByRole('region', { name: 'Conversation with Nino Beridze' });
    expect(within(pane).getByText(/Autumn lookbook/)).toBeInTheDocument();
    expect(within(pane).getByText(/1,500\.00 GEL/)).toBeInTheDocument();
    expect(within(pane).getByText('Work In Progress')).toBeInTheDocument();
    const bubbles = within(pane).getAllByTestId('message');
    expect(bubbles.map((b) => b.className.includes('self-end'))).toEqual([false, true, true]);
    expect(within(bubbles[1]!).getByTestId('message-state')).toHaveTextContent('Seen');
    expect(within(bubbles[2]!).getByTestId('message-state')).toHaveTextContent('Sent');
    expect(within(bubbles[0]!).queryByTestId('message-state')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(calls.some((c) => c.url === `/api/chats/${CHAT}/read` && c.method === 'POST')).toBe(true),
    );
  });

  it("says 'No messages yet' on an empty chat and keeps Send off while the text is blank", async () => {
    serve({});
    show();
    expect(
      await screen.findByRole('heading', { name: 'No messages yet. Start the conversation!' }),
    ).toBeInTheDocument();
    const box = screen.getByPlaceholderText('Type a message...');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await userEvent.type(box, '   ');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('sends on Enter with a fresh client id, breaks the line on Shift+Enter', async () => {
    const calls = serve({
      send: (_url, init) => {
        const body = JSON.parse(String(init?.body));
        return json(message({ seq: 9, mine: true, clientId: body.clientId, content: body.content }), 201);
      },
    });
    show();
    const box = await screen.findByPlaceholderText('Type a message...');
    await userEvent.type(box, 'Line one{Shift>}{Enter}{/Shift}Line two');
    expect(box).toHaveValue('Line one\nLine two');
    expect(calls.filter((c) => c.method === 'POST' && c.url.endsWith('/messages'))).toHaveLength(0);
    await userEvent.type(box, '{Enter}');
    await waitFor(() => expect(screen.getAllByTestId('message')).toHaveLength(1));
    expect(box).toHaveValue('');
    const sent = calls.find((c) => c.method === 'POST' && c.url.endsWith('/messages'))!;
    expect(sent.body).toEqual({ clientId: expect.stringMatching(/^[0-9a-f-]{36}$/), content: 'Line one\nLine two' });
  });

  it("puts the text back and says 'Failed to send message' when the send fails", async () => {
    serve({ send: () => json({ error: { code: 'CHAT_CLOSED', message: 'This chat is closed.' } }, 409) });
    show();
    const box = await screen.findByPlaceholderText('Type a message...');
    await userEvent.type(box, 'Are you there?{Enter}');
    expect(await screen.findByText('Failed to send message')).toBeInTheDocument();
    await waitFor(() => expect(box).toHaveValue('Are you there?'));
    expect(screen.queryAllByTestId('message')).toHaveLength(0);
  });

  it("says 'Failed to load messages' and retries", async () => {
    let fail = true;
    serve({ get: () => (fail ? json({ error: { code: 'X', message: 'Down' } }, 500) : json(pageOf([message({})]))) });
    show();
    expect(await screen.findByText('Failed to load messages')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: /try again/i }));
    expect(await screen.findAllByTestId('message')).toHaveLength(1);
  });

  it('shows a closed chat without the composer', async () => {
    serve({ get: () => json(pageOf([message({})], { chat: { ...pageOf([]).chat, status: 'closed' } })) });
    show();
    expect(await screen.findByText('This chat is closed. Messages can no longer be sent.')).toBeInTheDocument();
    expect(screen.queryByPlaceholderText('Type a message...')).not.toBeInTheDocument();
  });
});

describe('Linkified', () => {
  it('links http(s) addresses safely, leaves the rest as text, never as HTML', () => {
    const { container } = render(
      <p>
        <Linkified text={'See https://example.com/a?b=1. Or javascript:alert(1) <b>bold</b> www.x.ge'} />
      </p>,
    );
    const links = screen.getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', 'https://example.com/a?b=1');
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer');
    expect(links[0]).toHaveAttribute('target', '_blank');
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toContain('<b>bold</b>');
  });
});
