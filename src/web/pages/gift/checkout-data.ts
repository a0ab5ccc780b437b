import { GIFT_CHECKOUT_QUERY } from '../../graphql/gift-operations.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import type { Currency } from '../../../shared/membership.js';
import type { PaymentProviderInfoView } from '../../components/payment/index.js';

export interface GiftCheckoutData {
  viewer: { id: string; name: string } | null;
  giftCheckout: {
    giftPrice: { amount: number; currency: Currency };
    groupGiftPrice: { amount: number; currency: Currency };
    minGroupGiftCodes: number;
    maxGroupGiftCodes: number;
    giftCheckoutEnabled: boolean;
  };
  paymentProviderInfo: PaymentProviderInfoView;
}

export const useGiftCheckout = () => usePageQuery<GiftCheckoutData>(GIFT_CHECKOUT_QUERY);

export interface GiftPurchaseView {
  id: string;
  type: string;
  quantity: number;
  amount: { amount: number; currency: Currency };
  recipientName: string | null;
  recipientEmail: string | null;
  deliverAt: number;
  deliveredAt: number | null;
  codes: string[];
}

export const longDate = (ms: number) => new Date(ms).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** The reader's today as YYYY-MM-DD (the delivery date's lower bound). */
export function localToday(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
