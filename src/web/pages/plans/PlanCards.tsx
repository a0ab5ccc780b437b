import { formatMoney, type MembershipPlan } from '../../../shared/membership.js';
import { useSite } from '../../app-context.js';
import { Button } from '../../components/button/index.js';
import { planOf, priceLabel, savings, tierBenefits, type Billing, type PlanView } from './plan-terms.js';
import styles from './plans.module.css';

export interface PlanCardsProps {
  plans: Partial<Record<MembershipPlan, PlanView>>;
  billing: Billing;
  onBilling(billing: Billing): void;
  onChoose(plan: MembershipPlan): void;
}

/** Monthly / yearly, then a card per tier with its price, the struck-out price and what it gives. */
export function PlanCards({ plans, billing, onBilling, onChoose }: PlanCardsProps) {
  return (
    <>
      <div className={styles.billing} role="group" aria-label="Billing period">
        {(['monthly', 'yearly'] as const).map((b) => (
          <button key={b} type="button" className={styles.billingOption} aria-pressed={billing === b} onClick={() => onBilling(b)}>
            {b === 'monthly' ? 'Monthly' : 'Yearly'}
          </button>
        ))}
      </div>
      <ul className={styles.cards} aria-label="Plans">
        {(['MEMBER', 'FRIEND'] as const).map((tier) => {
          const plan = plans[planOf(tier, billing)];
          return plan ? <PlanCard key={tier} plan={plan} onChoose={onChoose} /> : null;
        })}
      </ul>
    </>
  );
}

export function PlanCard({ plan, onChoose, chooseLabel }: { plan: PlanView; onChoose(plan: MembershipPlan): void; chooseLabel?: string }) {
  const { siteName } = useSite();
  const saved = savings(plan.price);
  const friend = plan.tier === 'FRIEND';
  const name = friend ? `Friend of ${siteName}` : 'Member';
  return (
    <li className={friend ? styles.cardFriend : styles.card} data-testid={`plan-${plan.membershipType}`} aria-label={name}>
      <h2 className={styles.cardTitle}>{name}</h2>
      <p className={styles.price}>
        <span className={styles.amount}>{priceLabel(plan.membershipType, plan.price)}</span>
        {plan.price.crossoutAmount != null && (
          <>
            {' '}
            <span className="visually-hidden">instead of </span>
            <s className={styles.crossout}>{formatMoney({ amount: plan.price.crossoutAmount, currency: plan.price.currency })}</s>
          </>
        )}
      </p>
      {saved && <p className={styles.save}>{`save ${formatMoney(saved)}`}</p>}
      {plan.discount && <p className={styles.after}>{`Then ${priceLabel(plan.membershipType, plan.discount.regularPrice)}`}</p>}
      <ul className={styles.benefits}>
        {tierBenefits(plan.tier, siteName).map((b) => (
          <li key={b}>{b}</li>
        ))}
      </ul>
      <Button variant={friend ? 'primary' : 'accent'} size="large" className={styles.choose} onClick={() => onChoose(plan.membershipType)}>
        {chooseLabel ?? (friend ? 'Become a Friend' : 'Become a member')}
      </Button>
    </li>
  );
}
