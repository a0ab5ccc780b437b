import type { RouteDef } from './types.js';

/** Spec §2.3 "Settings" and "Email settings". */
export const SETTINGS_ROUTES: readonly RouteDef[] = [
  // '/me/settings#membership' is this route: the hash picks a section on the client.
  { name: 'ShowSettings', pattern: '/me/settings', pageId: 'settings', defaults: { setting: 'account' } },
  // setting: account | publishing | notifications | membership | security.
  { name: 'ShowSettingsTab', pattern: '/me/settings/{setting}', pageId: 'settings' },
  { name: 'ShowPaymentMethod', pattern: '/me/settings/payment/update', pageId: 'update-payment' },
  { name: 'ShowSettingsCustomDomain', pattern: '/me/settings/custom-domain', pageId: 'settings-custom-domain' },
  // Muting is managed with the other "Refine recommendations" lists.
  { name: 'ShowMutedSettings', pattern: '/me/settings/mute', pageId: 'customize-muted' },
  { name: 'ShowMutedSettingsTab', pattern: '/me/settings/mute/{activeTab}', pageId: 'customize-muted' },
  // The spec names a two-factor-auth page but no path; it belongs under the security tab.
  { name: 'ShowTwoFactorAuth', pattern: '/me/settings/security/two-factor-auth', pageId: 'two-factor-auth' },

  // Opened from an email footer without signing in; the hash authenticates the request.
  { name: 'ShowEmailSettings', pattern: '/me/email-settings/{userId}/{hash}', pageId: 'email-settings' },
  { name: 'ShowUnsubscribeAllAuthorNewsletters', pattern: '/me/unsubscribe-all-author-newsletters', pageId: 'global-unsubscribe-newsletters', defaults: { scope: 'authors' } },
  { name: 'ShowUnsubscribeAllNewsletters', pattern: '/me/unsubscribe-all-newsletters', pageId: 'global-unsubscribe-newsletters', defaults: { scope: 'all' } },
  // A newsletter email's footer link (modules/newsletters/links.ts unsubscribePath): asks first; its POST is RFC 8058 one-click.
  { name: 'ShowNewsletterUnsubscribe', pattern: '/_/newsletters/unsubscribe/{token}', pageId: 'global-unsubscribe-newsletters', defaults: { scope: 'newsletter' } },
];

/** Spec §2.3 "Stats" (the per-author variants live with the author family). */
export const STATS_ROUTES: readonly RouteDef[] = [
  { name: 'ShowStats', pattern: '/me/stats', pageId: 'stats-homepage' },
  { name: 'ShowPostStats', pattern: '/me/stats/post/{postId}', pageId: 'stats-post' },
];

/** Spec §2.3 "Billing and partner program". */
export const PARTNER_ROUTES: readonly RouteDef[] = [
  { name: 'ShowBillingReceipt', pattern: '/me/billing-history/receipt/{chargeId}', pageId: 'billing-receipt' },
  // '/me/settings/payout/*': the payout-account flow owns every step below it.
  { name: 'ShowPayoutSettings', pattern: '/me/settings/payout', pageId: 'partner-program-payout-settings' },
  { name: 'ShowPayoutSettingsStep', pattern: '/me/settings/payout/{step*}', pageId: 'partner-program-payout-settings' },
  // Enrolment is the application flow, reached from the signed-in account area.
  { name: 'ShowPartnerEnroll', pattern: '/me/partner/enroll', pageId: 'partner-program-application' },
  { name: 'ShowPartnerEnrollStep', pattern: '/me/partner/enroll/{step}', pageId: 'partner-program-application' },
  { name: 'ShowPartnerUnenroll', pattern: '/me/partner/unenroll', pageId: 'partner-program-unenroll' },
  { name: 'ShowPartnerDashboard', pattern: '/me/partner/dashboard', pageId: 'partner-program-dashboard' },
  { name: 'ShowPartnerDashboardTab', pattern: '/me/partner/dashboard/{tab}', pageId: 'partner-program-dashboard' },
  { name: 'ShowPartnerTaxes', pattern: '/me/partner/taxes', pageId: 'partner-program-taxes' },
  { name: 'ShowLandingPartnerProgram', pattern: '/partner-program', pageId: 'landing-partner-program' },
  { name: 'ShowPartnerProgramApplication', pattern: '/partner-program-application', pageId: 'partner-program-application' },
  { name: 'ShowPartnerProgramStripeFinish', pattern: '/partner-program/stripe/finish', pageId: 'partner-program-stripe-finish' },
  { name: 'ShowPartnerProgramStripeReconnect', pattern: '/partner-program/stripe/reconnect', pageId: 'partner-program-stripe-reconnect' },
  { name: 'ShowPartnerProgramStripeReconnectSuccess', pattern: '/partner-program/stripe/reconnect/success', pageId: 'partner-program-stripe-reconnect-success' },
  { name: 'ShowPartnerProgramPayoutStep', pattern: '/partner-program/payout/{step}', pageId: 'partner-program-payout-settings' },
  // A finished data export is a file download, not a page.
  { name: 'ShowExportDownload', pattern: '/me/export/{exportId}', pageId: null, serverHandled: true },
];

/** Spec §2.3 "Membership and gifts". */
export const MEMBERSHIP_ROUTES: readonly RouteDef[] = [
  { name: 'ShowSubscriptionsLanding', pattern: '/membership', pageId: 'landing-membership' },
  { name: 'ShowPay', pattern: '/plans', pageId: 'plans' },
  { name: 'ShowPayConfirmation', pattern: '/plans/confirmation/{membershipType}', pageId: 'plans-confirmation' },
  { name: 'ShowDiscountPlans', pattern: '/discount', pageId: 'discount-plans' },
  { name: 'ShowGiftLanding', pattern: '/gift', pageId: 'landing-gift' },
  // The gift checkout; home's '#giftMembership' hash sends the reader here.
  { name: 'ShowLiteGiftCheckout', pattern: '/gift-plans', pageId: 'gift-membership' },
  { name: 'ShowGroupGift', pattern: '/group-gift', pageId: 'group-gift-membership' },
  { name: 'ShowRedeemGift', pattern: '/redeem-gift', pageId: 'redeem-gift-membership' },
  { name: 'ShowWelcomeMember', pattern: '/welcome-member', pageId: 'welcome-member' },
  { name: 'ShowManageMembershipPage', pattern: '/manage-membership', pageId: 'manage-membership' },
  { name: 'ShowManageMembershipConfirmationPage', pattern: '/manage-membership/confirmation/{membershipType}', pageId: 'manage-membership-confirmation' },
  { name: 'ShowCancelMembership', pattern: '/me/membership/cancel', pageId: 'cancel-membership' },
  { name: 'ShowMobileVerification', pattern: '/mobile-verification', pageId: 'mobile-verification' },
  { name: 'ShowMobileVerificationStep', pattern: '/mobile-verification/{step}', pageId: 'mobile-verification' },
  { name: 'ShowMastodonForMembersPage', pattern: '/mastodon', pageId: 'mastodon-for-members' },
];
