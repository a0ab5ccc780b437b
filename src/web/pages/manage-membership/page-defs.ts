import {
  BILLING_RECEIPT_QUERY,
  UPDATE_PAYMENT_PAGE_QUERY,
  USE_CAN_SWITCH_MEMBERSHIP_PLAN_QUERY,
  USE_PAYMENT_METHOD_RETENTION_QUERY,
} from '../../graphql/manage-membership-operations.js';
import type { PageDef, PageModule } from '../../router/registry.js';
import { signInToSettingsHref } from '../settings/settings-tabs.js';
import { planOfParam } from './plan-param.js';

type ViewerData = { viewer?: { id: string } | null };

/** A page of the signed-in reader's own membership: a signed-out reader signs in and comes back. */
function ownMembershipPage(module: string, load: () => Promise<PageModule>, title: string, preload: PageDef['preload'], valid: (params: Record<string, string>) => boolean = () => true): PageDef {
  return {
    module,
    load,
    preload,
    outcome: ([data], params, pathname) => {
      if (!valid(params)) return { notFound: true };
      return (data as ViewerData | undefined)?.viewer ? {} : { redirect: signInToSettingsHref(pathname), temporary: true };
    },
    head: (_data, _params, site) => ({ title: `${title} – ${site.siteName}`, robots: 'noindex' }),
  };
}

type ReceiptData = ViewerData & { charge?: { id: string } | null };

/**
 * Managing a membership (spec §2.1, §2.3): switching plan and its confirmation (wordmark),
 * cancelling (top-nav), the payment method (top-nav) and a charge's receipt (basic).
 */
export const MANAGE_MEMBERSHIP_PAGES: Record<string, PageDef> = {
  'manage-membership': ownMembershipPage('src/web/pages/manage-membership/ManageMembershipPage.tsx', () => import('./ManageMembershipPage.js'), 'Manage membership', () => [
    { query: USE_CAN_SWITCH_MEMBERSHIP_PLAN_QUERY },
  ]),
  'manage-membership-confirmation': ownMembershipPage(
    'src/web/pages/manage-membership/ManageMembershipConfirmationPage.tsx',
    () => import('./ManageMembershipConfirmationPage.js'),
    'Your plan',
    () => [{ query: USE_CAN_SWITCH_MEMBERSHIP_PLAN_QUERY }],
    (params) => planOfParam(params.membershipType) !== null,
  ),
  'cancel-membership': ownMembershipPage('src/web/pages/cancel-membership/CancelMembershipPage.tsx', () => import('../cancel-membership/CancelMembershipPage.js'), 'Cancel membership', () => [
    { query: USE_PAYMENT_METHOD_RETENTION_QUERY },
  ]),
  'update-payment': ownMembershipPage('src/web/pages/update-payment/UpdatePaymentPage.tsx', () => import('../update-payment/UpdatePaymentPage.js'), 'Update payment method', () => [
    { query: UPDATE_PAYMENT_PAGE_QUERY },
  ]),
  // Another reader's charge (or an unknown id) is not found, exactly as a missing one.
  'billing-receipt': {
    module: 'src/web/pages/billing-receipt/BillingReceiptPage.tsx',
    load: () => import('../billing-receipt/BillingReceiptPage.js'),
    preload: (params) => [{ query: BILLING_RECEIPT_QUERY, variables: { id: params.chargeId ?? '' } }],
    outcome: ([data], _params, pathname) => {
      const receipt = data as ReceiptData | undefined;
      if (!receipt?.viewer) return { redirect: signInToSettingsHref(pathname), temporary: true };
      return receipt.charge ? {} : { notFound: true };
    },
    head: (_data, params, site) => ({ title: `Receipt ${params.chargeId ?? ''} – ${site.siteName}`, robots: 'noindex' }),
  },
};
