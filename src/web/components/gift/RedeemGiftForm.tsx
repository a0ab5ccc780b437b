import { useEffect, useState, type FormEvent } from 'react';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { mutateField } from '../../apollo/mutate.js';
import { GIFT_CODE_STATUS_QUERY, REDEEM_GIFT_MEMBERSHIP } from '../../graphql/gift-operations.js';
import { Link } from '../../router/Link.js';
import { Button, buttonClassName } from '../button/index.js';
import { SusiLink } from '../susi/SusiLink.js';
import controls from '../payment/form-controls.module.css';
import styles from './gift.module.css';

type Status = 'VALID' | 'ALREADY_USED' | 'EXPIRED' | 'NOT_FOUND' | 'NOT_REDEEMABLE_BY_PAST_MEMBERS';
type Shown = { kind: 'status'; status: Status; message: string } | { kind: 'redeemed'; until: number; message: string } | { kind: 'error'; message: string };

const longDate = (ms: number) => new Date(ms).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

export interface RedeemGiftFormProps {
  /** A code from the gift email's link (?code=). */
  initialCode?: string;
  signedIn: boolean;
  /** Where a signed-out reader comes back to after signing in. */
  redirect: string;
}

/**
 * Redeems a gift code (spec §4 statuses VALID, ALREADY_USED, EXPIRED, NOT_FOUND,
 * NOT_REDEEMABLE_BY_PAST_MEMBERS, each with its message). A code that came with the link is
 * checked at once, so the recipient sees whether it is good before signing in; redeeming needs
 * an account. Used by /redeem-gift and by Settings #redeemGiftMembership.
 */
export function RedeemGiftForm({ initialCode = '', signedIn, redirect }: RedeemGiftFormProps) {
  const loadData = useBrowserData();
  const [code, setCode] = useState(initialCode);
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<Shown | null>(null);

  async function check(value: string) {
    try {
      const { client } = await loadData();
      const { data } = await client.query({ query: GIFT_CODE_STATUS_QUERY, variables: { code: value }, fetchPolicy: 'network-only' });
      const result = (data as { giftCodeStatus?: { status: Status; message: string } } | undefined)?.giftCodeStatus;
      setShown(result ? { kind: 'status', status: result.status, message: result.message } : { kind: 'error', message: 'Please try again.' });
    } catch {
      setShown({ kind: 'error', message: 'Please try again.' });
    }
  }

  useEffect(() => {
    if (initialCode.trim()) void check(initialCode);
    // Once, for the code the page opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const value = code.trim();
    if (!value) {
      setShown({ kind: 'error', message: 'Enter the gift code from your email.' });
      return;
    }
    setBusy(true);
    if (!signedIn) {
      await check(value);
      setBusy(false);
      return;
    }
    const result = await mutateField(loadData, REDEEM_GIFT_MEMBERSHIP, { code: value }, 'redeemGiftMembership');
    setBusy(false);
    if (result?.__typename === 'GiftRedeemSuccess') setShown({ kind: 'redeemed', until: Number(result.membershipAccessUntil), message: String(result.message) });
    else if (result?.__typename === 'GiftCodeNotRedeemable') setShown({ kind: 'status', status: result.status as Status, message: String(result.message) });
    else setShown({ kind: 'error', message: result?.message ?? 'Please try again.' });
  }

  if (shown?.kind === 'redeemed') {
    return (
      <div className={`${controls.form} ${styles.form}`} data-testid="gift-redeemed">
        <p className={styles.success} role="status">
          {shown.message}
        </p>
        <p>Your membership runs until {longDate(shown.until)}.</p>
        <p>
          <Link href="/">Start reading</Link>
        </p>
      </div>
    );
  }

  const valid = shown?.kind === 'status' && shown.status === 'VALID';
  return (
    <form className={`${controls.form} ${styles.form}`} onSubmit={(e) => void submit(e)} noValidate aria-label="Redeem a gift code">
      <div className={`${controls.field} ${styles.field}`}>
        <label htmlFor="gift-code">Gift code</label>
        <input
          id="gift-code"
          name="code"
          className={styles.codeInput}
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="XXXX-XXXX-XXXX-XXXX"
          maxLength={40}
          value={code}
          onChange={(e) => {
            setCode(e.target.value);
            setShown(null);
          }}
        />
      </div>
      {shown && (
        <p className={shown.kind === 'status' && shown.status === 'VALID' ? styles.success : styles.error} role={valid ? 'status' : 'alert'} data-gift-status={shown.kind === 'status' ? shown.status : 'error'}>
          {shown.message}
        </p>
      )}
      <div className={styles.row}>
        {signedIn ? (
          <Button type="submit" variant="accent" disabled={busy}>
            Redeem gift
          </Button>
        ) : valid ? (
          <SusiLink operation="register" redirect={`${redirect.split('?')[0]}?code=${encodeURIComponent(code.trim())}`} className={buttonClassName({ variant: 'accent' })}>
            Sign in or sign up to redeem
          </SusiLink>
        ) : (
          <Button type="submit" variant="accent" disabled={busy}>
            Check code
          </Button>
        )}
      </div>
    </form>
  );
}
