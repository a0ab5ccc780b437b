import { useSite } from '../../app-context.js';
import { Link } from '../../router/Link.js';
import type { PageProps } from '../../router/registry.js';
import { PlansFlow } from '../plans/PlansFlow.js';
import styles from '../plans/plans.module.css';

/** /get-started/plans (onboarding-plans, wordmark layout): membership offered once after sign-up, with a way past it. */
export default function OnboardingPlansPage(_props: PageProps) {
  const { siteName } = useSite();
  return (
    <PlansFlow
      title="Get more from your reading"
      discount="NONE"
      lede={
        <p>
          Reading on {siteName} is free. Members also read every member-only story and pay the writers they read; you can join now or any time later.
        </p>
      }
      footer={
        <p className={styles.skip}>
          <Link href="/">Not now, take me to my home page</Link>
        </p>
      }
    />
  );
}
