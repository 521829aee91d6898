// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ChoiceSelect } from './choice-select';

const CHOICES = [
  { value: 'newest', label: 'Newest' },
  { value: 'budget', label: 'Highest budget' },
];

function Sort({ onChange = () => undefined }: { onChange?: (v: string) => void }) {
  const [value, setValue] = useState('newest');
  return (
    <>
      <label htmlFor="sort">Sort by</label>
      <ChoiceSelect
        id="sort"
        value={value}
        onValueChange={(v) => {
          setValue(v);
          onChange(v);
        }}
        selectedLabel={CHOICES.find((c) => c.value === value)?.label}
        choices={CHOICES}
      />
    </>
  );
}

beforeAll(() => {
  // What Radix Select needs of the DOM that jsdom lacks.
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => undefined;
  Element.prototype.scrollIntoView ??= () => undefined;
  (window as { ResizeObserver?: unknown }).ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

// One file, one module instance: these run in order, the first before anything has loaded the menu's code.
describe('ChoiceSelect', () => {
  it('is drawn by the server as a closed combobox showing the value, without the menu’s code', () => {
    const html = renderToString(<Sort />);
    expect(html).toContain('role="combobox"');
    expect(html).toContain('aria-expanded="false"');
    expect(html).toContain('Newest');
    expect(html).not.toContain('Highest budget');
  });

  it('opens on a tap that came before its code: the choice is then made as usual', async () => {
    const onChange = vi.fn();
    render(<Sort onChange={onChange} />);
    const standIn = screen.getByRole('combobox', { name: 'Sort by' });
    expect(standIn).toHaveTextContent('Newest');
    expect(standIn).toHaveAttribute('data-stand-in');
    // A click event alone (no pointer moving over it first, as a tap on a phone).
    standIn.click();
    await userEvent.click(await screen.findByRole('option', { name: 'Highest budget' }, { timeout: 5000 }));
    expect(onChange).toHaveBeenCalledWith('budget');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveTextContent('Highest budget'));
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('once loaded, is drawn as the menu at once', () => {
    render(<Sort />);
    expect(screen.getByRole('combobox', { name: 'Sort by' })).not.toHaveAttribute('data-stand-in');
  });
});

describe('ChoiceSelect before its code, from the keyboard', () => {
  it('opens on Enter pressed on the stand-in', async () => {
    vi.resetModules();
    const { ChoiceSelect: Fresh } = await import('./choice-select');
    render(
      <>
        <label htmlFor="k">Sort by</label>
        <Fresh id="k" value="newest" onValueChange={() => undefined} selectedLabel="Newest" choices={CHOICES} />
      </>,
    );
    const standIn = screen.getByRole('combobox', { name: 'Sort by' });
    expect(standIn).toHaveAttribute('data-stand-in');
    standIn.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('option', { name: 'Highest budget' }, { timeout: 5000 })).toBeVisible();
  });
});
