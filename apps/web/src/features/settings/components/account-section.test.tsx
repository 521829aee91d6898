// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { AccountSection } from './account-section';

describe('AccountSection', () => {
  it("enables deactivation only for the exact phrase 'delete me'", async () => {
    const user = userEvent.setup();
    renderWithProviders(<AccountSection />);
    const input = screen.getByLabelText('Type "delete me" to confirm');
    const button = screen.getByRole('button', { name: 'Deactivate account' });
    expect(button).toBeDisabled();
    await user.type(input, 'Delete me');
    expect(button).toBeDisabled();
    await user.clear(input);
    await user.type(input, 'delete me');
    expect(button).toBeEnabled();
  });
});
