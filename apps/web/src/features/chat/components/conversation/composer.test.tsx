// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { Composer } from './composer';

afterEach(() => vi.unstubAllGlobals());

describe('Composer: a file waits in its preview (issue 27)', () => {
  it('shows the photo with a caption box; Cancel sends nothing, Send sends the file with its caption', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:photo', revokeObjectURL: () => {} }));
    const onAttach = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<Composer onSend={async () => true} onAttach={onAttach} onTyping={() => {}} />);
    const photo = new File(['x'], 'look.png', { type: 'image/png' });

    await user.upload(screen.getByTestId('attach-input'), photo);
    let dialog = await screen.findByRole('dialog', { name: 'Send this photo?' });
    expect(within(dialog).getByRole('img', { name: 'look.png' })).toHaveAttribute('src', 'blob:photo');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onAttach).not.toHaveBeenCalled();

    await user.upload(screen.getByTestId('attach-input'), photo);
    dialog = await screen.findByRole('dialog', { name: 'Send this photo?' });
    await user.type(within(dialog).getByRole('textbox', { name: /Caption/ }), 'Second look');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(onAttach).toHaveBeenCalledExactlyOnceWith(photo, 'Second look');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('names a document by its file name and size', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Composer onSend={async () => true} onAttach={vi.fn()} onTyping={() => {}} />);
    await user.upload(screen.getByTestId('attach-input'), new File(['%PDF'], 'brief.pdf', { type: 'application/pdf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send this file?' });
    expect(within(dialog).getByText('brief.pdf')).toBeInTheDocument();
  });
});
