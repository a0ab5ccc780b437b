import { useEffect } from 'react';
import { useToast } from '../toast/index.js';

/** Spec §4 payment return: the query parameter and its toast. */
export const UPDATED_PAYMENT_PARAM = 'updatedPayment';
export const PAYMENT_UPDATED_MESSAGE = 'Your payment method has been updated successfully.';

/**
 * Shows 'Your payment method has been updated successfully.' on whatever page a URL with
 * updatedPayment=1 lands, once: the parameter is then dropped from the address (the hash
 * stays), so a reload does not say it again. `url` re-runs it after a client navigation.
 */
export function PaymentReturnToast({ url }: { url: string }) {
  const toast = useToast();
  useEffect(() => {
    const location = new URL(window.location.href);
    if (location.searchParams.get(UPDATED_PAYMENT_PARAM) !== '1') return;
    toast.show({ message: PAYMENT_UPDATED_MESSAGE });
    location.searchParams.delete(UPDATED_PAYMENT_PARAM);
    window.history.replaceState(window.history.state, '', location.pathname + location.search + location.hash);
  }, [toast, url]);
  return null;
}
