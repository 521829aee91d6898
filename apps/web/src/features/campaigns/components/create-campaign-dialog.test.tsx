// @vitest-environment jsdom
import { businessToday } from '@app/shared/common/dates';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toast';
import { renderWithProviders } from '@/test/render';
import { campaignKeys } from '../api/campaign-keys';
import { aCampaignDetail, apiError, json } from '../test-data';
import { CreateCampaignDialog, parseBudget } from './create-campaign-dialog';

function Harness({ onCreated }: { onCreated: (id: string) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <CreateCampaignDialog
      open={open}
      onOpenChange={setOpen}
      onCreated={onCreated}
      trigger={<button type="button">Create Campaign</button>}
    />
  );
}

function setup(fetchImpl: (url: string, init?: RequestInit) => Promise<Response> = async () => json({})) {
  const fetchMock = vi.fn(fetchImpl);
  vi.stubGlobal('fetch', fetchMock);
  const onCreated = vi.fn();
  const user = userEvent.setup();
  const result = renderWithProviders(<Harness onCreated={onCreated} />);
  return { ...result, user, fetchMock, onCreated };
}

const dialog = () => screen.getByRole('dialog', { name: 'Create Campaign' });
const sentBody = (fetchMock: ReturnType<typeof vi.fn>) =>
  JSON.parse((fetchMock.mock.calls[0] as [string, RequestInit])[1].body as string);

async function toStep2(user: ReturnType<typeof userEvent.setup>, network = 'TikTok') {
  await user.click(screen.getByRole('button', { name: 'Create Campaign' }));
  await user.click(within(dialog()).getByRole('radio', { name: network }));
  await user.click(within(dialog()).getByRole('button', { name: 'Next' }));
  await screen.findByLabelText(/^Title/);
}

beforeEach(() => {
  render(<Toaster />);
});
afterEach(() => vi.unstubAllGlobals());

describe('parseBudget', () => {
  it('reads GEL with spaces or commas as thousands separators; empty is no budget, anything else not a number', () => {
    expect(parseBudget('1500')).toBe(1500);
    expect(parseBudget(' 1 500 ')).toBe(1500);
    expect(parseBudget('1,500')).toBe(1500);
    // The schema then says "whole GEL" or "at least 1 GEL" instead of the number being quietly changed.
    expect(parseBudget('99.90')).toBe(99.9);
    expect(parseBudget('-5')).toBe(-5);
    expect(parseBudget('')).toBeUndefined();
    expect(parseBudget('   ')).toBeUndefined();
    for (const text of ['abc', '12abc', '1e3', '0x10', '1.2.3']) expect(parseBudget(text), text).toBeNaN();
  });
});

describe('CreateCampaignDialog', () => {
  it("step 1 needs a network: Next alone says 'Please select a social network' and stays", async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Create Campaign' }));
    const radios = within(dialog()).getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('value'))).toEqual(['instagram', 'tiktok', 'youtube', 'facebook']);
    await user.click(within(dialog()).getByRole('button', { name: 'Next' }));
    expect(await within(dialog()).findByText('Please select a social network')).toBeInTheDocument();
    expect(within(dialog()).queryByLabelText(/^Title/)).not.toBeInTheDocument();
    // The message describes the choices, and focus is on them.
    await waitFor(() => expect(radios[0]).toHaveFocus());
    expect(radios[0]).toHaveAccessibleDescription('Please select a social network');
    // Choosing one clears the message.
    await user.click(within(dialog()).getByRole('radio', { name: 'YouTube' }));
    expect(within(dialog()).getByRole('radio', { name: 'YouTube' })).toBeChecked();
    expect(within(dialog()).queryByText('Please select a social network')).not.toBeInTheDocument();
  });

  it("step 2 refuses blank title and description with 'Please fill in all required fields', sending nothing", async () => {
    const { user, fetchMock } = setup();
    await toStep2(user);
    await waitFor(() => expect(screen.getByLabelText(/^Title/)).toHaveFocus());
    await user.type(screen.getByLabelText(/^Title/), '   ');
    await user.click(within(dialog()).getByRole('button', { name: 'Create Campaign' }));
    expect(await within(dialog()).findAllByText('Please fill in all required fields')).toHaveLength(2);
    expect(screen.getByLabelText(/^Title/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Description/)).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('counts the title up to 50 characters and does not take more', async () => {
    const { user } = setup();
    await toStep2(user);
    const title = screen.getByLabelText(/^Title/);
    expect(within(dialog()).getByText('0/50 characters')).toBeInTheDocument();
    await user.type(title, 'x'.repeat(55));
    expect(title).toHaveValue('x'.repeat(50));
    expect(within(dialog()).getByText('50/50 characters')).toBeInTheDocument();
  });

  it('offers no past deadline: the date box starts at today in Tbilisi', async () => {
    const { user } = setup();
    await toStep2(user);
    expect(screen.getByLabelText(/^Deadline/)).toHaveAttribute('min', businessToday());
  });

  it('Back keeps the chosen network; Cancel closes and starts over next time', async () => {
    const { user } = setup();
    await toStep2(user, 'Facebook');
    await user.type(screen.getByLabelText(/^Title/), 'Half done');
    await user.click(within(dialog()).getByRole('button', { name: 'Back' }));
    expect(within(dialog()).getByRole('radio', { name: 'Facebook' })).toBeChecked();
    await waitFor(() => expect(within(dialog()).getByRole('radio', { name: 'Facebook' })).toHaveFocus());
    await user.click(within(dialog()).getByRole('button', { name: 'Next' }));
    expect(screen.getByLabelText(/^Title/)).toHaveValue('Half done');

    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Create Campaign' }));
    expect(within(dialog()).getByRole('radio', { name: 'Facebook' })).not.toBeChecked();
    expect(within(dialog()).getByText(/Step 1 of 2/)).toBeInTheDocument();
  });

  it.each([
    ['', 'Enter a budget'],
    ['abc', 'Budget must be a number'],
    ['0', 'Budget must be at least 1 GEL'],
    ['-20', 'Budget must be at least 1 GEL'],
    ['12.5', 'Budget is in whole GEL'],
  ])("refuses the budget '%s' under the field ('%s') and sends nothing", async (budget, message) => {
    const { user, fetchMock } = setup();
    await toStep2(user);
    await user.type(screen.getByLabelText(/^Title/), 'Lemonade launch');
    await user.type(screen.getByLabelText(/^Description/), 'Three short videos');
    if (budget) await user.type(screen.getByLabelText(/^Budget/), budget);
    await user.click(within(dialog()).getByRole('button', { name: 'Create Campaign' }));
    expect(await within(dialog()).findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Budget/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Budget/)).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the shared contract (budget in whole GEL, empty optionals as null), then closes, toasts and refreshes the lists', async () => {
    const created = aCampaignDetail({ id: 'new-id', socials: ['tiktok'] });
    const { user, fetchMock, onCreated, queryClient } = setup(async () => json(created, 201));
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await toStep2(user);
    await user.type(screen.getByLabelText(/^Title/), '  Lemonade launch ');
    await user.type(screen.getByLabelText(/^Description/), 'Three short videos');
    await user.type(screen.getByLabelText(/^Budget/), '1 250');
    await user.click(within(dialog()).getByRole('button', { name: 'Create Campaign' }));

    await waitFor(() => expect(onCreated).toHaveBeenCalledWith('new-id'));
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/campaigns');
    expect(init.method).toBe('POST');
    expect(sentBody(fetchMock)).toEqual({
      socials: ['tiktok'],
      title: 'Lemonade launch',
      description: 'Three short videos',
      budget: 1250,
      deadline: null,
      uploadLink: null,
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(queryClient.getQueryData(campaignKeys.detail('new-id'))).toEqual(created);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: campaignKeys.lists() });
    const toast = (await screen.findAllByText('Campaign created successfully!', { exact: true }))
      .map((n) => n.closest('li'))
      .find(Boolean);
    expect(toast).toHaveTextContent('Your campaign is now live and visible to influencers.');
  });

  it('is busy while sending: the button shows it and a second press sends nothing', async () => {
    let answer!: (res: Response) => void;
    const { user, fetchMock } = setup(() => new Promise<Response>((resolve) => (answer = resolve)));
    await toStep2(user);
    await user.type(screen.getByLabelText(/^Title/), 'Lemonade');
    await user.type(screen.getByLabelText(/^Description/), 'Videos');
    await user.type(screen.getByLabelText(/^Budget/), '300');
    const submit = within(dialog()).getByRole('button', { name: 'Create Campaign' });
    await user.click(submit);
    await waitFor(() => expect(submit).toBeDisabled());
    expect(submit).toHaveAttribute('aria-busy', 'true');
    await user.click(submit);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    answer(json(aCampaignDetail(), 201));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("puts the server's field messages into the fields, and only there (one message, no toast)", async () => {
    const { user, onCreated } = setup(async () =>
      apiError(400, 'VALIDATION_ERROR', 'Check the highlighted fields', {
        fieldErrors: { deadline: ['Deadline cannot be in the past'] },
      }),
    );
    await toStep2(user);
    await user.type(screen.getByLabelText(/^Title/), 'Lemonade');
    await user.type(screen.getByLabelText(/^Description/), 'Videos');
    await user.type(screen.getByLabelText(/^Budget/), '300');
    await user.click(within(dialog()).getByRole('button', { name: 'Create Campaign' }));
    expect(await within(dialog()).findByText('Deadline cannot be in the past')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Deadline/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Failed to create campaign')).not.toBeInTheDocument();
    expect(screen.queryByText('Check the highlighted fields')).not.toBeInTheDocument();
    expect(onCreated).not.toHaveBeenCalled();
    expect(dialog()).toBeInTheDocument();
  });

  it.each([
    [500, 'INTERNAL_ERROR', 'Internal server error', 'Please try again later.'],
    [409, 'CONFLICT', 'Your account is not active.', 'Your account is not active.'],
  ])("a %s says 'Failed to create campaign' with one line under it", async (status, code, message, line) => {
    const { user } = setup(async () => apiError(status, code, message));
    await toStep2(user);
    await user.type(screen.getByLabelText(/^Title/), 'Lemonade');
    await user.type(screen.getByLabelText(/^Description/), 'Videos');
    await user.type(screen.getByLabelText(/^Budget/), '300');
    await user.click(within(dialog()).getByRole('button', { name: 'Create Campaign' }));
    // The newest one: the toast store outlives each test's render.
    const toast = (await screen.findAllByText('Failed to create campaign', { exact: true }))
      .map((n) => n.closest('li'))
      .filter(Boolean)
      .at(-1) as HTMLElement;
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    expect(toast).toHaveTextContent(`Failed to create campaign${line}`);
    expect(dialog()).toBeInTheDocument();
  });
});
