import { renderEmail, type OutgoingEmail } from '../../platform/mail/index.js';
import { formatMoney } from '../../shared/membership.js';
import { formatGiftCode } from './codes.js';
import type { GiftPurchaseRow } from './tables.js';

export interface SiteInfo {
  siteName: string;
  /** The main host's origin: links in emails go there. */
  origin: string;
}

const longDate = (d: Date) => d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

export const redeemUrl = (site: SiteInfo, code: string) => `${site.origin}/redeem-gift?code=${encodeURIComponent(formatGiftCode(code))}`;

/** The recipient's email: who it is from, their note, the code and the link that redeems it. */
export function recipientEmail(site: SiteInfo, p: GiftPurchaseRow, buyerName: string, code: string, expiresAt: Date): OutgoingEmail {
  const from = buyerName || 'Someone';
  const paragraphs = [`${from} gave you a year of ${site.siteName} membership: every member-only story, for a whole year.`];
  if (p.message) paragraphs.push(`${from} wrote: “${p.message}”`);
  paragraphs.push(`Redeem it by ${longDate(expiresAt)} with the button below, or enter this gift code at ${site.origin}/redeem-gift:`);
  const rendered = renderEmail({
    siteName: site.siteName,
    heading: `${p.recipientName ?? 'Hello'}, you have a gift`,
    paragraphs,
    action: { label: 'Redeem your gift', url: redeemUrl(site, code) },
    code: formatGiftCode(code),
    footer: `You received this email because ${from} bought you a gift membership on ${site.siteName}.`,
  });
  return { to: p.recipientEmail!, subject: `${from} sent you a year of ${site.siteName} membership`, kind: 'gift-delivery', ...rendered };
}

/** The buyer's receipt; for a group gift it carries the codes to hand out. */
export function receiptEmail(site: SiteInfo, p: GiftPurchaseRow, buyerEmail: string, codes: string[], card: string | null): OutgoingEmail {
  const total = formatMoney({ amount: p.amount, currency: p.currency }, { fixed: true });
  const unit = formatMoney({ amount: p.unitAmount, currency: p.currency }, { fixed: true });
  const paragraphs = [`Thank you for your purchase on ${longDate(p.createdAt)}.`];
  if (p.kind === 'gift') {
    paragraphs.push(`A year of ${site.siteName} membership for ${p.recipientName} (${p.recipientEmail}): ${total}${card ? `, paid with ${card}` : ''}.`);
    paragraphs.push(
      p.deliveredAt ? `We emailed ${p.recipientName} their gift code just now.` : `We will email ${p.recipientName} their gift code on ${longDate(p.deliverAt)}.`,
    );
  } else {
    paragraphs.push(`${p.quantity} gift codes, each a year of ${site.siteName} membership, at ${unit} each: ${total}${card ? `, paid with ${card}` : ''}.`);
    paragraphs.push('Hand these codes out to the people you are giving memberships to. Each can be redeemed once, within a year, at ' + `${site.origin}/redeem-gift:`);
    paragraphs.push(...codes.map((c) => formatGiftCode(c)));
  }
  paragraphs.push(`Receipt number: ${p.id}.`);
  const rendered = renderEmail({ siteName: site.siteName, heading: 'Your gift receipt', paragraphs, footer: `You received this email because you bought a gift on ${site.siteName}.` });
  return { to: buyerEmail, subject: `Your ${site.siteName} gift receipt`, kind: 'gift-receipt', ...rendered };
}
