// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import '@/test/render';
import { type CategoryOptions, CategoryPicker } from './category-picker';

const failed = (patch: Partial<CategoryOptions>): CategoryOptions => ({
  items: undefined,
  isLoading: false,
  isError: true,
  retrying: false,
  retry: vi.fn(),
  ...patch,
});

describe('CategoryPicker', () => {
  it('offers a retry after a failed load, busy and not pressable again while it runs', async () => {
    const options = failed({});
    const { rerender } = render(<CategoryPicker options={options} value={[]} onChange={vi.fn()} />);
    expect(screen.getByText('Could not load categories.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(options.retry).toHaveBeenCalledOnce();

    const retrying = failed({ retrying: true });
    rerender(<CategoryPicker options={retrying} value={[]} onChange={vi.fn()} />);
    const button = screen.getByRole('button', { name: 'Try again' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    expect(retrying.retry).not.toHaveBeenCalled();
  });
});
