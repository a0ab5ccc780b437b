/**
 * Dunning: one email for each failed renewal, written in the transaction that records the
 * failure (so a failure recorded twice cannot send twice, and none is lost). The provider
 * retries over about two weeks; the reader keeps reading meanwhile.
 */
import { enqueueEmail, type DbTransaction } from '../../platform/mail/outbox.js';
import { renderEmail } from '../../platform/mail/render.js';
import { cardLabel, formatMoney } from '../../shared/membership.js';
import type { MembershipEnv } from './env.js';
import type { memberships } from './tables.js';

export const UPDATE_PAYMENT_PATH = '/me/settings/payment/update';

export async function sendDunningEmail(
  tx: DbTransaction,
  input: { to: string; membership: typeof memberships.$inferSelect; now: Date; env: Pick<MembershipEnv, 'siteName' | 'origin'> },
): Promise<void> {
  const { membership: m, env } = input;
  const amount = formatMoney({ amount: m.amount, currency: m.currency }, { fixed: true });
  const card = m.cardLastFour ? `your ${cardLabel(m.cardBrand)} ending in ${m.cardLastFour}` : 'your payment method';
  const ended = m.state === 'INACTIVE';
  const paragraphs = ended
    ? [`We couldn't charge ${card} for your ${env.siteName} membership (${amount}), and your membership has ended.`, 'You can join again at any time from the plans page.']
    : [
        `We couldn't charge ${card} for your ${env.siteName} membership (${amount}). We'll try again over the next two weeks, and you keep reading member-only stories meanwhile.`,
        'Update your payment method to keep your membership.',
      ];
  const email = renderEmail({
    siteName: env.siteName,
    heading: 'Your subscription payment failed',
    paragraphs,
    action: ended ? { label: 'See plans', url: `${env.origin}/plans` } : { label: 'Update payment method', url: `${env.origin}${UPDATE_PAYMENT_PATH}` },
    footer: `You get this email because a payment for your ${env.siteName} membership did not go through.`,
  });
  await enqueueEmail(tx, { to: input.to, subject: `Your ${env.siteName} membership payment failed`, text: email.text, html: email.html, kind: 'membership-payment-failed' });
}
