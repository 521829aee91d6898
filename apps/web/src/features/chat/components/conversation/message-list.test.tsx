// @vitest-environment jsdom
import type { MessageDto } from '@app/shared/chat/message.schemas';
import { fireEvent, screen } from '@testing-library/react';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { MessageList } from './message-list';

/**
 * jsdom lays nothing out: the pane's geometry is set by hand, and the ResizeObserver is one the test triggers, in the
 * order a browser runs them (scroll events, then layout, then the observers).
 */
let geometry = { scrollHeight: 2000, clientHeight: 600 };
let observed: { target: Element; callback: () => void }[] = [];
beforeEach(() => {
  geometry = { scrollHeight: 2000, clientHeight: 600 };
  observed = [];
  vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(() => geometry.scrollHeight);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(() => geometry.clientHeight);
  // A browser clamps the position to what can scroll (jsdom keeps any number).
  const tops = new WeakMap<Element, number>();
  const end = () => geometry.scrollHeight - geometry.clientHeight;
  vi.spyOn(Element.prototype, 'scrollTop', 'get').mockImplementation(function (this: Element) {
    return Math.min(tops.get(this) ?? 0, end());
  });
  vi.spyOn(Element.prototype, 'scrollTop', 'set').mockImplementation(function (this: Element, top: number) {
    tops.set(this, Math.max(0, Math.min(top, end())));
  });
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly callback: () => void) {}
      observe(target: Element) {
        observed.push({ target, callback: this.callback });
      }
      disconnect() {}
    },
  );
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const message = (n: number): MessageDto => ({
  id: `m${n}`,
  seq: n,
  clientId: null,
  mine: n % 2 === 0,
  kind: 'text',
  content: `Message ${n}`,
  attachment: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  seen: false,
  from: null,
});

function renderList() {
  renderWithProviders(
    <MessageList
      senderName={() => null}
      items={[1, 2, 3].map(message)}
      waiting={[]}
      hasOlder={false}
      loadingOlder={false}
      onLoadOlder={() => {}}
    />,
  );
  return screen.getByRole('region', { name: 'Messages' });
}
/** The observers of `target` told it changed size (the list for what is in it, the pane for its own height). */
const resize = (target: Element) =>
  act(() => {
    for (const o of observed) if (o.target === target) o.callback();
  });
const list = () => screen.getByRole('list', { name: 'Messages' });

describe('MessageList: keeps the newest message in view (issue 27)', () => {
  it('opens at the end, and follows a photo that grew before the scroll event of the last follow arrived', () => {
    const pane = renderList();
    expect(pane.scrollTop).toBe(1400);
    // A photo loads: the list grows by 400 px, and the pane's scroll event (a frame late) sees it short of its end.
    geometry.scrollHeight = 2400;
    fireEvent.scroll(pane);
    resize(list());
    expect(pane.scrollTop).toBe(1800);
  });

  it('follows the end when the pane itself gets shorter', () => {
    const pane = renderList();
    geometry.clientHeight = 300;
    resize(pane);
    expect(pane.scrollTop).toBe(1700);
  });

  it('stays where the reader scrolled up to, whatever grows below', () => {
    const pane = renderList();
    pane.scrollTop = 600;
    fireEvent.scroll(pane);
    geometry.scrollHeight = 2400;
    resize(list());
    expect(pane.scrollTop).toBe(600);
    // Back down at the end: followed again.
    pane.scrollTop = 1800;
    fireEvent.scroll(pane);
    geometry.scrollHeight = 2800;
    resize(list());
    expect(pane.scrollTop).toBe(2200);
  });
});
