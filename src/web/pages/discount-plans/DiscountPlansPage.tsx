import { PRICE_FIGURES, formatMoney } from '../../../shared/membership.js';
import { useSite } from '../../app-context.js';
import type { PageProps } from '../../router/registry.js';
import { PlanCard } from '../plans/PlanCards.js';
import { PlansFlow } from '../plans/PlansFlow.js';
import styles from '../plans/plans.module.css';

/**
 * /discount (discount-plans, wordmark layout): the yearly Member plan at half price for the
 * first year (spec §9: 25 instead of 50), then the regular yearly price.
 */
export default function DiscountPlansPage(_props: PageProps) {
  const { siteName } = useSite();
  const usd = (amount: number) => formatMoney({ amount, currency: 'USD' });
  return (
    <PlansFlow
      title="Half off your first year"
      discount="FIFTY_PERCENT_OFF_ONE_YEAR"
      lede={
        <p>
          Become a member of {siteName} for {usd(PRICE_FIGURES.firstYearHalfOff)} instead of {usd(PRICE_FIGURES.firstYearHalfOffCrossout)} for your first year. Read every story without limits and support the
          writers you read.
        </p>
      }
      render={({ plans, choose }) =>
        plans.YEARLY ? (
          <ul className={styles.cards} aria-label="Plans">
            <PlanCard plan={plans.YEARLY} onChoose={choose} chooseLabel="Get half off" />
          </ul>
        ) : null
      }
    />
  );
}
