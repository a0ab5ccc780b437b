import { useEffect, useState } from 'react';
import { useSite } from '../../app-context.js';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { mutateField } from '../../apollo/mutate.js';
import { buttonClassName } from '../../components/button/index.js';
import { CardForm, type CardSubmit } from '../../components/payment/index.js';
import { SusiLink } from '../../components/susi/SusiLink.js';
import giftStyles from '../../components/gift/gift.module.css';
import controls from '../../components/payment/form-controls.module.css';
import { PURCHASE_GIFT_MEMBERSHIP } from '../../graphql/gift-operations.js';
import { Link } from '../../router/Link.js';
import { formatMoney } from '../../../shared/membership.js';
import { localToday, longDate, useGiftCheckout, type GiftPurchaseView } from './checkout-data.js';
import styles from './gift-pages.module.css';

const MESSAGE_MAX = 1000;

/**
 * /gift-plans (page id gift-membership, wordmark layout; ShowLiteGiftCheckout): a year of membership
 * for someone, with their name and email, a message and the day it arrives, paid by card.
 */
export default function GiftMembershipPage() {
  const { siteName } = useSite();
  const data = useGiftCheckout();
  const loadData = useBrowserData();
  const [recipientName, setRecipientName] = useState('');
  const [recipientEmail, setRecipientEmail] = useState('');
  const [message, setMessage] = useState('');
  const [deliverOn, setDeliverOn] = useState('');
  const [bought, setBought] = useState<GiftPurchaseView | null>(null);
  // The reader's today, known only in the browser (the server renders without a lower bound).
  const [today, setToday] = useState<string | undefined>(undefined);
  useEffect(() => setToday(localToday()), []);
  if (!data) return null;
  const price = data.giftCheckout.giftPrice;

  const submit: CardSubmit = async (paymentMethod) => {
    const result = await mutateField(
      loadData,
      PURCHASE_GIFT_MEMBERSHIP,
      { recipientName, recipientEmail, message: message || null, deliverOn: deliverOn || null, paymentMethod },
      'purchaseGiftMembership',
    );
    if (result?.__typename === 'GiftPurchaseSuccess') {
      setBought(result.giftPurchase as GiftPurchaseView);
      return;
    }
    return { error: result?.message ?? 'Please try again.' };
  };

  if (bought) {
    return (
      <section className={styles.page} data-testid="gift-bought">
        <h1 className={styles.title}>Your gift is on its way</h1>
        <div className={styles.done} role="status">
          <p>
            {bought.deliveredAt
              ? `We emailed ${bought.recipientName} (${bought.recipientEmail}) their gift code just now.`
              : `We will email ${bought.recipientName} (${bought.recipientEmail}) their gift code on ${longDate(bought.deliverAt)}.`}
          </p>
          <p>
            You paid {formatMoney(bought.amount, { fixed: true })}. Your receipt (number {bought.id}) is in your inbox.
          </p>
          <p>
            <Link href="/gift-plans" onClick={() => setBought(null)}>
              Give another gift
            </Link>
          </p>
        </div>
      </section>
    );
  }

  return (
    <section className={styles.page} data-testid="gift-membership">
      <h1 className={styles.title}>Give a year of {siteName} membership</h1>
      <p className={styles.lede}>They get every member-only story for a year. We email them your message and their gift code.</p>
      <p className={styles.price}>
        <strong>{formatMoney(price)}</strong> for one year
      </p>
      {!data.viewer ? (
        <p>
          <SusiLink operation="register" className={buttonClassName({ variant: 'accent' })}>
            Sign in or sign up to buy a gift
          </SusiLink>
        </p>
      ) : (
        <CardForm provider={data.paymentProviderInfo} submitLabel={`Buy gift for ${formatMoney(price)}`} onSubmit={submit}>
          <fieldset className={giftStyles.fields}>
            <legend className="visually-hidden">The gift</legend>
            <div className={`${controls.field} ${giftStyles.field}`}>
              <label htmlFor="gift-recipient-name">Recipient's name</label>
              <input id="gift-recipient-name" name="recipientName" type="text" autoComplete="off" maxLength={100} required value={recipientName} onChange={(e) => setRecipientName(e.target.value)} />
            </div>
            <div className={`${controls.field} ${giftStyles.field}`}>
              <label htmlFor="gift-recipient-email">Recipient's email</label>
              <input id="gift-recipient-email" name="recipientEmail" type="email" autoComplete="off" required value={recipientEmail} onChange={(e) => setRecipientEmail(e.target.value)} />
            </div>
            <div className={`${controls.field} ${giftStyles.field}`}>
              <label htmlFor="gift-message">Message (optional)</label>
              <textarea id="gift-message" name="message" maxLength={MESSAGE_MAX} value={message} onChange={(e) => setMessage(e.target.value)} />
              <p className={giftStyles.hint}>
                {message.length}/{MESSAGE_MAX}
              </p>
            </div>
            <div className={`${controls.field} ${giftStyles.field}`}>
              <label htmlFor="gift-deliver-on">Delivery date</label>
              <input id="gift-deliver-on" name="deliverOn" type="date" min={today} value={deliverOn} onChange={(e) => setDeliverOn(e.target.value)} />
              <p className={giftStyles.hint}>Leave empty to send it today.</p>
            </div>
          </fieldset>
        </CardForm>
      )}
    </section>
  );
}
