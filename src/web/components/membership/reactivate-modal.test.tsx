// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BrowserDataContext } from '../../apollo/browser-data-context.js';
import type { BrowserData } from '../../apollo/browser-data.js';
import { REACTIVATION_FAILURE, ReactivateMembershipModal, useReactivateHash } from './ReactivateMembershipModal.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const cancelled = {
  membershipId: 'm1',
  membershipType: 'MONTHLY',
  isCancelled: true,
  canReactivate: true,
  currentPeriodEndsAt: Date.UTC(2026, 11, 27, 12),
  currency: 'USD',
  amount: 500,
  paymentProvider: 'TEST',
  paymentMethod: { __typename: 'CreditCard', cardType: 'visa', lastFour: '4242', expirationMonth: 8, expirationYear: 2029 },
};

/** The GraphQL server as the modal meets it: its query's answer, and each UncancelMembership answer in turn. */
function fakeServer(membership: unknown, answers: unknown[]) {
  let release: () => void = () => {};
  const loaded = new Promise<void>((r) => (release = r));
  const mutate = vi.fn(async () => ({ data: { UncancelMembership: answers.shift() } }));
  const client = { query: vi.fn(async () => (await loaded, { data: { viewer: { id: 'u1', membershipStatus: membership } } })), mutate };
  const load = () => Promise.resolve({ client } as unknown as BrowserData);
  return { load, mutate, release };
}

function Harness() {
  const [open, close] = useReactivateHash();
  return <ReactivateMembershipModal isVisible={open} onClose={close} />;
}

let container: HTMLElement;
let root: Root;
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const confirmButton = () => Array.from(dialog()!.querySelectorAll('button')).find((b) => b.textContent?.startsWith('Reactivate membership'))!;

async function mount(load: () => Promise<BrowserData>) {
  await act(async () => root.render(<BrowserDataContext.Provider value={load}><Harness /></BrowserDataContext.Provider>));
}

beforeEach(() => {
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  window.history.replaceState(null, '', '/me/settings/membership#reactivateMembership');
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('reactivate membership modal', () => {
  it('opens from the page hash; confirm waits for the membership; closing clears the hash', async () => {
    const server = fakeServer(cancelled, []);
    await mount(server.load);
    expect(dialog()).not.toBeNull();
    expect(confirmButton().disabled).toBe(true);
    await act(async () => server.release());
    await vi.waitFor(() => expect(confirmButton().disabled).toBe(false));
    expect(dialog()!.textContent).toContain('Your Member, monthly membership continues after Dec 27, 2026 at $5/month.');
    const cancel = Array.from(dialog()!.querySelectorAll('button')).find((b) => b.textContent === 'Cancel')!;
    await act(async () => cancel.click());
    expect(dialog()).toBeNull();
    expect(window.location.hash).toBe('');
    expect(window.location.pathname).toBe('/me/settings/membership');
  });

  it('keeps confirm disabled with no membership loaded', async () => {
    const server = fakeServer(null, []);
    await mount(server.load);
    await act(async () => server.release());
    await vi.waitFor(() => expect(dialog()!.textContent).toContain('There is no membership to reactivate'));
    expect(confirmButton().disabled).toBe(true);
  });

  it('says the spec §8 failure in the error colour and lets the reader retry; success clears the hash and reloads', async () => {
    const server = fakeServer(cancelled, [{ __typename: 'PaymentError', message: 'card failed' }, { __typename: 'MutationSuccess' }]);
    const reload = vi.fn();
    // The page's reload is the browser's: watched, not performed.
    const { hash, pathname, search, href } = window.location;
    vi.spyOn(window, 'location', 'get').mockReturnValue({ reload, hash, pathname, search, href } as unknown as Location);
    await mount(server.load);
    await act(async () => server.release());
    await vi.waitFor(() => expect(confirmButton().disabled).toBe(false));

    await act(async () => confirmButton().click());
    await vi.waitFor(() => expect(dialog()!.querySelector('[role="alert"]')?.textContent).toBe(REACTIVATION_FAILURE));
    expect(REACTIVATION_FAILURE).toBe('We couldn’t process your request, please try again.');
    expect(reload).not.toHaveBeenCalled();
    expect(confirmButton().disabled).toBe(false);

    await act(async () => confirmButton().click());
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(server.mutate).toHaveBeenCalledTimes(2);
    expect(server.mutate.mock.calls[1]).toEqual([expect.objectContaining({ variables: { membershipId: 'm1' } })]);
    // After success the button stays disabled until the page reloads.
    expect(confirmButton().disabled).toBe(true);
    expect(document.location.hash).toBe('');
  });
});
