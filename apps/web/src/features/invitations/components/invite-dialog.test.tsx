// @vitest-environment jsdom
import { DEFAULT_INVITATION_MESSAGE } from '@app/shared/invitations/invitation.schemas';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toast';
import { renderWithProviders } from '@/test/render';
import { InviteDialog } from './invite-dialog';

const INFLUENCER = '6d1c1a4e-3c7e-4b8e-9d53-2a4b5c6d7e8f';
const SPRING = '11111111-1111-4111-8111-111111111111';
const SUMMER = '22222222-2222-4222-8222-222222222222';
const AUTUMN = '33333333-3333-4333-8333-333333333333';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Campaign = { id: string; title: string; budgetMinor: number; invited: boolean; applied: boolean };

/**
 * A fake server: the invitable list (`campaigns`, or after the first POST `afterPost` when given), and
 * POST /api/invitations answered by `answer` (held until it resolves).
 */
function fakeServer(
  campaigns: Campaign[],
  answer: () => Promise<Response> = async () => json({}, 201),
  afterPost?: Campaign[],
) {
  const posted: unknown[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === `/api/influencers/${INFLUENCER}/invitable-campaigns`) {
      return json({ items: posted.length > 0 && afterPost ? afterPost : campaigns });
    }
    if (url === '/api/invitations' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body));
      posted.push(body);
      return answer();
    }
    return json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { posted, fetchMock };
}

const invitation = (campaignId: string) => ({
  id: '99999999-9999-4999-8999-999999999999',
  campaignId,
  influencerId: INFLUENCER,
  message: DEFAULT_INVITATION_MESSAGE,
  status: 'pending',
  createdAt: '2026-01-01T00:00:00.000Z',
});

// While the modal dialog is open Radix hides everything outside it from the accessibility tree, the toasts too.
const notifications = () => screen.getByRole('region', { name: /Notifications/, hidden: true });

beforeAll(() => {
  // jsdom lacks what Radix Select calls on open.
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => undefined;
  Element.prototype.scrollIntoView ??= () => undefined;
});
beforeEach(() => {
  render(<Toaster />);
});
afterEach(() => vi.unstubAllGlobals());

async function openDialog() {
  renderWithProviders(<InviteDialog influencerId={INFLUENCER} influencerName="Nino Beridze" />);
  await userEvent.click(screen.getByRole('button', { name: 'Invite to Campaign' }));
  return screen.getByRole('dialog', { name: 'Invite to Campaign' });
}

async function chooseCampaign(dialog: HTMLElement, name: RegExp) {
  const select = within(dialog).getByRole('combobox', { name: 'Campaign' });
  await waitFor(() => expect(select).toBeEnabled());
  await userEvent.click(select);
  await userEvent.click(await screen.findByRole('option', { name }));
}

describe('InviteDialog', () => {
  it('starts with the default message and no campaign, so Send Invitation is disabled', async () => {
    fakeServer([{ id: SPRING, title: 'Spring drop', budgetMinor: 150_000, invited: false, applied: false }]);
    const dialog = await openDialog();
    expect(within(dialog).getByText('Invite Nino Beridze to one of your open campaigns.')).toBeVisible();
    const message = within(dialog).getByRole('textbox', { name: /Invitation message/ });
    expect(message).toHaveValue(DEFAULT_INVITATION_MESSAGE);
    expect(message).toHaveAttribute('rows', '3');
    expect(within(dialog).getByRole('button', { name: 'Send Invitation' })).toBeDisabled();

    await chooseCampaign(dialog, /Spring drop/);
    expect(within(dialog).getByRole('button', { name: 'Send Invitation' })).toBeEnabled();
  });

  it('lists each campaign with its budget in GEL; invited and applied ones cannot be chosen', async () => {
    fakeServer([
      { id: SPRING, title: 'Spring drop', budgetMinor: 150_000, invited: false, applied: false },
      { id: SUMMER, title: 'Summer reels', budgetMinor: 80_000, invited: true, applied: false },
      { id: AUTUMN, title: 'Autumn unboxing', budgetMinor: 0, invited: true, applied: true },
    ]);
    const dialog = await openDialog();
    const select = within(dialog).getByRole('combobox', { name: 'Campaign' });
    await waitFor(() => expect(select).toBeEnabled());
    await userEvent.click(select);
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Spring drop · 1,500.00 GEL',
      'Summer reels · 800.00 GEL (invited)',
      'Autumn unboxing (applied)',
    ]);
    expect(options.map((o) => o.getAttribute('aria-disabled') === 'true')).toEqual([false, true, true]);
  });

  it('says so when every open campaign is taken, and Send Invitation stays disabled', async () => {
    fakeServer([{ id: SUMMER, title: 'Summer reels', budgetMinor: 80_000, invited: true, applied: false }]);
    const dialog = await openDialog();
    expect(
      await within(dialog).findByText('Nino Beridze is already invited to or has applied to all your open campaigns.'),
    ).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Send Invitation' })).toBeDisabled();
  });

  it('without open campaigns, points to creating one', async () => {
    fakeServer([]);
    const dialog = await openDialog();
    expect(await within(dialog).findByText('You have no open campaigns')).toBeVisible();
    expect(within(dialog).getByRole('link', { name: 'Create a campaign' })).toHaveAttribute(
      'href',
      '/campaigns?create=1',
    );
    expect(within(dialog).getByRole('button', { name: 'Send Invitation' })).toBeDisabled();
  });

  it('shows Sending... and stays disabled while sending; then toasts, closes and starts afresh', async () => {
    let release!: (res: Response) => void;
    const { posted } = fakeServer(
      [{ id: SPRING, title: 'Spring drop', budgetMinor: 150_000, invited: false, applied: false }],
      () => new Promise<Response>((resolve) => (release = resolve)),
    );
    const dialog = await openDialog();
    await chooseCampaign(dialog, /Spring drop/);
    const message = within(dialog).getByRole('textbox', { name: /Invitation message/ });
    await userEvent.clear(message);
    await userEvent.type(message, '  Loved your last reel!  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));

    const busy = await within(dialog).findByRole('button', { name: 'Sending...' });
    expect(busy).toBeDisabled();
    await userEvent.click(busy);
    expect(posted).toEqual([{ campaignId: SPRING, influencerId: INFLUENCER, message: 'Loved your last reel!' }]);

    release(json(invitation(SPRING), 201));
    expect(await within(notifications()).findByText('Invitation Sent', { exact: true })).toBeVisible();
    expect(
      within(notifications()).getByText('Your campaign invitation has been sent to the influencer.', { exact: true }),
    ).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'Invite to Campaign' }));
    const again = screen.getByRole('dialog', { name: 'Invite to Campaign' });
    expect(within(again).getByRole('textbox', { name: /Invitation message/ })).toHaveValue(DEFAULT_INVITATION_MESSAGE);
    expect(within(again).getByRole('combobox', { name: 'Campaign' })).toHaveTextContent('Select a campaign');
    expect(within(again).getByRole('button', { name: 'Send Invitation' })).toBeDisabled();
  });

  it("sends a cleared message as the spec's default text", async () => {
    const { posted } = fakeServer(
      [{ id: SPRING, title: 'Spring drop', budgetMinor: 150_000, invited: false, applied: false }],
      async () => json(invitation(SPRING), 201),
    );
    const dialog = await openDialog();
    await chooseCampaign(dialog, /Spring drop/);
    await userEvent.clear(within(dialog).getByRole('textbox', { name: /Invitation message/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    await waitFor(() =>
      expect(posted).toEqual([{ campaignId: SPRING, influencerId: INFLUENCER, message: DEFAULT_INVITATION_MESSAGE }]),
    );
  });

  it("on a refusal toasts 'Error' with the server's reason in place of the generic line, keeps the dialog and refreshes the list", async () => {
    const { fetchMock } = fakeServer(
      [{ id: SPRING, title: 'Spring drop', budgetMinor: 150_000, invited: false, applied: false }],
      async () =>
        json(
          { error: { code: 'ALREADY_INVITED', message: 'This influencer is already invited to this campaign' } },
          409,
        ),
      [{ id: SPRING, title: 'Spring drop', budgetMinor: 150_000, invited: true, applied: false }],
    );
    const dialog = await openDialog();
    await chooseCampaign(dialog, /Spring drop/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));

    const title = await within(notifications()).findByText('Error', { exact: true });
    const item = title.closest('li') as HTMLElement;
    expect(within(item).getByText('This influencer is already invited to this campaign')).toBeVisible();
    // One message: "Please try again" would contradict the reason.
    expect(within(item).queryByText('Failed to send invitation. Please try again.')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Invite to Campaign' })).toBeVisible();
    const listCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/invitable-campaigns')).length;
    await waitFor(() => expect(listCalls()).toBe(2));
    // The campaign is invited now: it is no longer chosen, and Send Invitation waits for another choice.
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Campaign' })).toHaveTextContent('Select a campaign'),
    );
    expect(within(dialog).getByRole('button', { name: 'Send Invitation' })).toBeDisabled();
  });

  it('tells the brand why an influencer with an unconfirmed address cannot be invited yet (issue 23 §2)', async () => {
    fakeServer([{ id: SPRING, title: 'Spring drop', budgetMinor: 150_000, invited: false, applied: false }], async () =>
      json(
        {
          error: {
            code: 'INFLUENCER_EMAIL_UNVERIFIED',
            message: 'Nino Beridze has not verified their e-mail address yet…',
            details: { influencer: { name: 'Nino', lastname: 'Beridze' } },
          },
        },
        409,
      ),
    );
    const dialog = await openDialog();
    await chooseCampaign(dialog, /Spring drop/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    // The sentence is the catalogue's, with the name the server gave.
    expect(
      await within(notifications()).findByText(
        /^Nino Beridze has not verified their e-mail address yet, so they cannot be hired\./,
      ),
    ).toBeVisible();
  });
});
