// @vitest-environment jsdom
import type { ProofCheckDto } from '@app/shared/social/proof-link';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { ProofCheckMark } from './proof-check-mark';

const check = (patch: Partial<ProofCheckDto>): ProofCheckDto => ({
  platform: 'youtube',
  status: 'verified',
  reason: null,
  handle: 'tbilisi-eats',
  publishedAt: '2026-11-20T12:00:00.000Z',
  views: 12_345,
  likes: 1,
  comments: 0,
  checkedAt: '2026-11-21T08:00:00.000Z',
  removedAt: null,
  ...patch,
});

describe('the proof-of-post mark', () => {
  it('says where and when a verified post was published, with its counts (singular and plural)', () => {
    renderWithProviders(<ProofCheckMark check={check({})} />);
    expect(screen.getByText('Verified post on @tbilisi-eats, published Nov 20, 2026')).toBeInTheDocument();
    expect(screen.getByText('12,345 views · 1 like · 0 comments')).toBeInTheDocument();
  });

  it('leaves out counts the platform does not give (Instagram has no views)', () => {
    renderWithProviders(
      <ProofCheckMark check={check({ platform: 'instagram', views: null, likes: 3, comments: 1 })} />,
    );
    expect(screen.getByText('3 likes · 1 comment')).toBeInTheDocument();
  });

  it.each([
    [
      { status: 'not_owned' as const },
      "This link is not on the influencer's verified account",
      'Their verified YouTube account is @tbilisi-eats.',
    ],
    [{ status: 'not_found' as const }, 'This post was not found', null],
    [
      { status: 'not_found' as const, removedAt: '2026-12-21T08:00:00.000Z' },
      'This post was removed',
      /no longer on the influencer's account/,
    ],
    [
      { status: 'unchecked' as const, reason: 'platform_unavailable' as const },
      'This post could not be checked',
      'The platform did not answer. We will check again soon.',
    ],
    [
      { status: 'unchecked' as const, reason: 'no_verified_account' as const, platform: 'tiktok' as const },
      'This post could not be checked',
      'The influencer has not verified a TikTok account.',
    ],
  ])('warns: %o', (patch, warning, hint) => {
    renderWithProviders(<ProofCheckMark check={check(patch)} />);
    expect(screen.getByRole('status')).toHaveTextContent(warning);
    if (hint) expect(screen.getByText(hint)).toBeInTheDocument();
  });
});
