import type { DiscountMode } from '../../../shared/membership.js';
import { LANDING_MEMBERSHIP_QUERY, MEMBERSHIP_CONFIRMATION_QUERY, PLANS_PAGE_QUERY } from '../../graphql/membership-operations.js';
import type { PageDef, PageOutcome } from '../../router/registry.js';
import { signInToSettingsHref } from '../settings/settings-tabs.js';
import { plansVariables } from './plans-variables.js';

/** Buying happens signed in: a signed-out reader signs in first and comes back to the same page. */
const signedInOnly = (data: unknown, pathname: string): PageOutcome =>
  (data as { viewer?: unknown } | undefined)?.viewer ? {} : { redirect: signInToSettingsHref(pathname), temporary: true };

function plansPage(module: string, load: PageDef['load'], discount: DiscountMode, title: string): PageDef {
  return {
    module,
    load,
    preload: () => [{ query: PLANS_PAGE_QUERY, variables: plansVariables(discount) }],
    outcome: ([data], _params, pathname) => signedInOnly(data, pathname),
    // Checkout pages are the reader's own: nothing for search engines.
    head: (_data, _params, site) => ({ title: `${title} – ${site.siteName}`, robots: 'noindex' }),
  };
}

/** Buying a membership (spec §2.3 Membership paths): the plans, the half-off offer, onboarding's plans, the landing, confirmation and welcome. */
export const PLANS_PAGES: Record<string, PageDef> = {
  plans: plansPage('src/web/pages/plans/PlansPage.tsx', () => import('./PlansPage.js'), 'NONE', 'Membership plans'),
  'discount-plans': plansPage('src/web/pages/discount-plans/DiscountPlansPage.tsx', () => import('../discount-plans/DiscountPlansPage.js'), 'FIFTY_PERCENT_OFF_ONE_YEAR', 'Half off your first year'),
  'onboarding-plans': plansPage('src/web/pages/onboarding-plans/OnboardingPlansPage.tsx', () => import('../onboarding-plans/OnboardingPlansPage.js'), 'NONE', 'Choose a plan'),
  'plans-confirmation': {
    module: 'src/web/pages/plans-confirmation/PlansConfirmationPage.tsx',
    load: () => import('../plans-confirmation/PlansConfirmationPage.js'),
    preload: () => [{ query: MEMBERSHIP_CONFIRMATION_QUERY }],
    outcome: ([data], _params, pathname) => signedInOnly(data, pathname),
    head: (_data, _params, site) => ({ title: `Your membership – ${site.siteName}`, robots: 'noindex' }),
  },
  'welcome-member': {
    module: 'src/web/pages/welcome-member/WelcomeMemberPage.tsx',
    load: () => import('../welcome-member/WelcomeMemberPage.js'),
    preload: () => [{ query: MEMBERSHIP_CONFIRMATION_QUERY }],
    outcome: ([data], _params, pathname) => signedInOnly(data, pathname),
    head: (_data, _params, site) => ({ title: `Welcome, member – ${site.siteName}`, robots: 'noindex' }),
  },
  // Open to everyone and indexed; not kept in the page cache, since its prices follow the visitor's country.
  'landing-membership': {
    module: 'src/web/pages/landing-membership/LandingMembershipPage.tsx',
    load: () => import('../landing-membership/LandingMembershipPage.js'),
    preload: () => [{ query: LANDING_MEMBERSHIP_QUERY }],
    head: (_data, _params, site) => ({
      title: `Membership – ${site.siteName}`,
      description: `Become a member of ${site.siteName}: read every story without limits and pay the writers you read.`,
      canonical: `${site.origin}/membership`,
    }),
  },
};
