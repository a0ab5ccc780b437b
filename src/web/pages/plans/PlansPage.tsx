import { useSite } from '../../app-context.js';
import type { PageProps } from '../../router/registry.js';
import { PlansFlow } from './PlansFlow.js';

/** /plans (ShowPay, wordmark layout): Member and Friend, monthly or yearly, then the card. */
export default function PlansPage(_props: PageProps) {
  const { siteName } = useSite();
  return (
    <PlansFlow
      title="Choose your membership"
      discount="NONE"
      lede={
        <p>
          Members read every story on {siteName} without limits, and pay the writers they read. Friends give writers more and help keep {siteName} independent.
        </p>
      }
    />
  );
}
