// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithSite } from '../../lib/test-render';
import { FriendPopover, FriendPopoverContent, friendUpgradeHref } from './FriendPopover';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Spec §2.5 Friend popover. */
describe('Friend popover', () => {
  it.each([
    ['FREE', '/plans'],
    ['MEMBER', '/manage-membership'],
    ['FRIEND', null],
  ] as const)('Upgrade for %s → %s', (tier, href) => {
    expect(friendUpgradeHref(tier)).toBe(href);
    const html = renderWithSite(<FriendPopoverContent tier={tier} siteName="Inkwell" />);
    expect(html).toContain('Friend of Inkwell');
    expect(html).toMatch(/href="\/membership"[^>]*>Learn more</);
    if (href) expect(html).toMatch(new RegExp(`href="${href}"[^>]*data-friend-upgrade[^>]*>Upgrade<`));
    else expect(html).not.toContain('Upgrade');
  });

  describe('hover', () => {
    let container: HTMLElement;
    let root: Root;
    beforeEach(() => {
      vi.useFakeTimers();
      container = document.createElement('div');
      document.body.append(container);
      root = createRoot(container);
      act(() => root.render(<FriendPopover tier="MEMBER" label="About the Friend tier">★</FriendPopover>));
    });
    afterEach(() => {
      act(() => root.unmount());
      container.remove();
      vi.useRealTimers();
    });

    const wrap = () => container.firstElementChild as HTMLElement;
    const popover = () => container.querySelector('[data-friend-popover]');
    const hover = (el: Element, type: 'mouseover' | 'mouseout', relatedTarget: Element | null) =>
      act(() => void el.dispatchEvent(new MouseEvent(type, { bubbles: true, relatedTarget })));

    it('opens on hover and closes 100 ms after the pointer leaves', () => {
      const trigger = container.querySelector('button')!;
      hover(trigger, 'mouseover', document.body);
      expect(popover()).not.toBeNull();
      hover(trigger, 'mouseout', document.body);
      act(() => void vi.advanceTimersByTime(99));
      expect(popover()).not.toBeNull();
      act(() => void vi.advanceTimersByTime(1));
      expect(popover()).toBeNull();
    });

    it('stays open when the pointer comes back within 100 ms (on its way to the popover)', () => {
      const trigger = container.querySelector('button')!;
      hover(trigger, 'mouseover', document.body);
      hover(trigger, 'mouseout', document.body);
      act(() => void vi.advanceTimersByTime(60));
      hover(popover()!, 'mouseover', document.body);
      act(() => void vi.advanceTimersByTime(500));
      expect(popover()).not.toBeNull();
      expect(wrap().querySelector('[data-friend-upgrade]')?.getAttribute('href')).toBe('/manage-membership');
    });
  });
});
