import { useState } from 'react';
import { useSite } from '../../app-context.js';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { mutateField } from '../../apollo/mutate.js';
import { buttonClassName } from '../../components/button/index.js';
import { CardForm, type CardSubmit } from '../../components/payment/index.js';
import { SusiLink } from '../../components/susi/SusiLink.js';
import giftStyles from '../../components/gift/gift.module.css';
import controls from '../../components/payment/form-controls.module.css';
import { PURCHASE_GROUP_GIFT_MEMBERSHIP } from '../../graphql/gift-operations.js';
import { formatMoney } from '../../../shared/membership.js';
import { useGiftCheckout, type GiftPurchaseView } from './checkout-data.js';
import styles from './gift-pages.module.css';

/**
 * /group-gift (page id group-gift-membership, wordmark layout): several year-long memberships at
 * the group price each; the buyer gets the codes here and by email, to hand out.
 */
export default function GroupGiftPage() {
  const { siteName } = useSite();
  const data = useGiftCheckout();
  const loadData = useBrowserData();
  const [quantity, setQuantity] = useState('5');
  const [bought, setBought] = useState<GiftPurchaseView | null>(null);
  if (!data) return null;
  const { groupGiftPrice: unit, minGroupGiftCodes: min, maxGroupGiftCodes: max } = data.giftCheckout;
  const count = Number.parseInt(quantity, 10);
  const countOk = Number.isInteger(count) && count >= min && count <= max;

  const submit: CardSubmit = async (paymentMethod) => {
    if (!countOk) return { error: `Choose from ${min} to ${max} gift codes.` };
    const result = await mutateField(loadData, PURCHASE_GROUP_GIFT_MEMBERSHIP, { quantity: count, paymentMethod }, 'purchaseGroupGiftMembership');
    if (result?.__typename === 'GiftPurchaseSuccess') {
      setBought(result.giftPurchase as GiftPurchaseView);
      return;
    }
    return { error: result?.message ?? 'Please try again.' };
  };

  if (bought) {
    return (
      <section className={styles.page} data-testid="group-gift-bought">
        <h1 className={styles.title}>Your gift codes</h1>
        <div className={styles.done}>
          <p role="status">
            You bought {bought.quantity} memberships for {formatMoney(bought.amount, { fixed: true })}. Each code below is a year of {siteName} membership for someone who has
            not been a member before; they redeem it at /redeem-gift within a year. We also emailed the codes to you with your receipt (number {bought.id}).
          </p>
          <ul className={styles.codes} aria-label="Gift codes">
            {bought.codes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </div>
      </section>
    );
  }

  return (
    <section className={styles.page} data-testid="group-gift-membership">
      <h1 className={styles.title}>Give {siteName} to a group</h1>
      <p className={styles.lede}>
        A year of membership for each person in a team, a class or a book club. You get a gift code for each to hand out; codes are for readers new to membership.
      </p>
      <p className={styles.price}>
        <strong>{formatMoney(unit)}</strong> per membership
      </p>
      {!data.viewer ? (
        <p>
          <SusiLink operation="register" className={buttonClassName({ variant: 'accent' })}>
            Sign in or sign up to buy a group gift
          </SusiLink>
        </p>
      ) : (
        <CardForm provider={data.paymentProviderInfo} submitLabel={countOk ? `Buy ${count} memberships for ${formatMoney({ amount: unit.amount * count, currency: unit.currency })}` : 'Buy memberships'} onSubmit={submit}>
          <fieldset className={giftStyles.fields}>
            <legend className="visually-hidden">The group gift</legend>
            <div className={`${controls.field} ${giftStyles.field}`}>
              <label htmlFor="group-gift-quantity">Number of memberships</label>
              <input id="group-gift-quantity" name="quantity" type="number" inputMode="numeric" min={min} max={max} step={1} value={quantity} onChange={(e) => setQuantity(e.target.value)} aria-describedby="group-gift-quantity-hint" />
              <p id="group-gift-quantity-hint" className={countOk ? giftStyles.hint : giftStyles.error}>
                From {min} to {max}.
              </p>
            </div>
            {countOk && <p className={styles.total}>Total: {formatMoney({ amount: unit.amount * count, currency: unit.currency }, { fixed: true })}</p>}
          </fieldset>
        </CardForm>
      )}
    </section>
  );
}
