// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '@/test/render';
import { RatingSummary, Stars, starFills } from '@/components/star-rating';

const fills = () =>
  Array.from(screen.getByRole('img').querySelectorAll('[data-fill]')).map((n) => n.getAttribute('data-fill'));

describe('Stars', () => {
  it('draws 0 as five empty stars, named for people who cannot see them', () => {
    render(<Stars average={0} />);
    expect(screen.getByRole('img', { name: 'Rated 0.0 out of 5' })).toBeInTheDocument();
    expect(fills()).toEqual(['empty', 'empty', 'empty', 'empty', 'empty']);
  });

  it('draws 4.3 as four full stars and a half', () => {
    render(<Stars average={4.3} />);
    expect(screen.getByRole('img', { name: 'Rated 4.3 out of 5' })).toBeInTheDocument();
    expect(fills()).toEqual(['full', 'full', 'full', 'full', 'half']);
  });

  it('draws 5 as five full stars', () => {
    render(<Stars average={5} />);
    expect(screen.getByRole('img', { name: 'Rated 5.0 out of 5' })).toBeInTheDocument();
    expect(fills()).toEqual(['full', 'full', 'full', 'full', 'full']);
  });

  it('fills from a quarter to a half star and from three quarters to a whole one', () => {
    expect(starFills(3.2)).toEqual(['full', 'full', 'full', 'empty', 'empty']);
    expect(starFills(3.25)).toEqual(['full', 'full', 'full', 'half', 'empty']);
    expect(starFills(3.74)).toEqual(['full', 'full', 'full', 'half', 'empty']);
    expect(starFills(3.75)).toEqual(['full', 'full', 'full', 'full', 'empty']);
  });
});

describe('RatingSummary', () => {
  it('says "No reviews yet" without reviews, and draws no stars', () => {
    render(<RatingSummary average={null} count={0} />);
    expect(screen.getByText('No reviews yet')).toBeVisible();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('shows the average to one decimal and the number of reviews', () => {
    const { rerender } = render(<RatingSummary average={4.25} count={12} />);
    expect(screen.getByRole('img', { name: 'Rated 4.3 out of 5' })).toBeInTheDocument();
    expect(screen.getByText('4.3')).toBeVisible();
    expect(screen.getByText('(12 reviews)')).toBeVisible();
    rerender(<RatingSummary average={5} count={1} />);
    expect(screen.getByText('(1 review)')).toBeVisible();
  });
});
