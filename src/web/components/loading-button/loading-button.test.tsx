import type { MouseEvent, ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { LoadingButton } from './LoadingButton';

type ButtonElement = ReactElement<{ onClick(e: MouseEvent<HTMLButtonElement>): void }>;
const fakeClick = () => ({ preventDefault: vi.fn() }) as unknown as MouseEvent<HTMLButtonElement>;

describe('LoadingButton', () => {
  it('passes clicks through when idle', () => {
    const onClick = vi.fn();
    const el = LoadingButton({ loading: false, onClick, children: 'Save' }) as ButtonElement;
    el.props.onClick(fakeClick());
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('ignores clicks while loading', () => {
    const onClick = vi.fn();
    const el = LoadingButton({ loading: true, onClick, children: 'Save' }) as ButtonElement;
    const e = fakeClick();
    el.props.onClick(e);
    expect(onClick).not.toHaveBeenCalled();
    expect(e.preventDefault).toHaveBeenCalled();
  });

  it('renders a spinner and aria-busy while loading', () => {
    const html = renderToStaticMarkup(<LoadingButton loading>Save</LoadingButton>);
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain('data-loading="true"');
    expect(html).toContain('Loading');
    expect(renderToStaticMarkup(<LoadingButton loading={false}>Save</LoadingButton>)).not.toContain('aria-busy');
  });
});
