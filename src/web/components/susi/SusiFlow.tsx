import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSite } from '../../app-context.js';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { mutateField, type MutationResult } from '../../apollo/mutate.js';
import { SEND_ACCT_AUTH_EMAIL, VERIFY_LOGIN_CODE } from '../../graphql/operations.js';
import { PRIVACY_HREF, TERMS_HREF } from '../header/site-pages.js';
import { Button } from '../button/index.js';
import { captchaValue } from './captcha-client.js';
import { PasswordSignIn } from './PasswordSignIn.js';
import { GoogleOption, SocialOptions } from './SocialOptions.js';
import { TwoFactorStep } from './TwoFactorStep.js';
import { initialStep, isValidEmail, NARROW_SCREEN_QUERY, type SusiOperation, type SusiStep } from './susi-state.js';
import styles from './susi.module.css';


export interface SusiFlowProps {
  operation: SusiOperation;
  /** Where to go once signed in (a path on this site). */
  redirect?: string;
  stepOverride?: string | null;
  /** An error to show first (an expired link sends readers back here). */
  initialError?: string | null;
  /** An id for the step's heading (a dialog around the flow is named by it). */
  headingId?: string;
  /** Told after the flow moves to another step, or between the link and the code (a dialog moves focus into it). */
  onStepChange?(step: SusiStep): void;
  /** A sign-in waiting for its two-factor code (a magic link for an account with two-factor on). */
  twoFactorChallenge?: string | null;
}

/**
 * The sign-in and sign-up flow of spec §2.5/§4: options, then the email step, then
 * 'check your inbox' with a magic link and a 6-digit code. Social providers appear
 * when they are configured.
 */
export function SusiFlow(props: SusiFlowProps) {
  const { siteName, hiddenSusiButtons = [] } = useSite();
  const loadData = useBrowserData();
  const [operation, setOperation] = useState<SusiOperation>(props.operation);
  const [step, setStep] = useState<SusiStep>(initialStep(props.operation, props.stepOverride, props.twoFactorChallenge));
  const [challenge, setChallenge] = useState<string | null>(props.twoFactorChallenge ?? null);
  const [email, setEmail] = useState('');
  const [fullName, setFullName] = useState('');
  const [code, setCode] = useState('');
  const [codeMode, setCodeMode] = useState(false);
  const [error, setError] = useState<string | null>(props.initialError ?? null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (step === 'CHECK_INBOX') setCodeMode(window.matchMedia(NARROW_SCREEN_QUERY).matches);
  }, [step]);

  const onStepChange = useRef(props.onStepChange);
  useEffect(() => {
    onStepChange.current = props.onStepChange;
  });
  const shown = useRef(`${step} ${codeMode}`);
  useEffect(() => {
    const now = `${step} ${codeMode}`;
    if (now === shown.current) return;
    shown.current = now;
    onStepChange.current?.(step);
  }, [step, codeMode]);

  const go = (next: SusiStep, nextOperation: SusiOperation = operation) => {
    setError(null);
    setOperation(nextOperation);
    setStep(next);
  };

  async function mutate(mutation: typeof SEND_ACCT_AUTH_EMAIL, variables: Record<string, unknown>, field: string): Promise<MutationResult | null> {
    setBusy(true);
    const result = await mutateField(loadData, mutation, variables, field);
    setBusy(false);
    if (!result) setError('Please try again.');
    return result;
  }

  async function sendEmail(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (!isValidEmail(email)) return setError('Please enter a valid email address.');
    let captcha: string | null = null;
    if (operation === 'register') {
      setBusy(true);
      captcha = await captchaValue(loadData).catch(() => null);
    }
    const result = await mutate(
      SEND_ACCT_AUTH_EMAIL,
      { email: email.trim(), operation, fullName: operation === 'register' ? fullName.trim() : null, redirect: props.redirect ?? null, captchaValue: captcha },
      'sendAcctAuthEmail',
    );
    if (!result) return;
    if (result.__typename === 'SusiMethod') return go('CHECK_INBOX');
    if (result.__typename === 'NotFound') return go('UNRECOGNIZED_EMAIL');
    setError(result.message ?? 'Please try again.');
  }

  async function verifyCode(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (!/^\d{6}$/.test(code.trim())) return setError('Login code must be 6 digits.');
    const result = await mutate(VERIFY_LOGIN_CODE, { loginCode: code.trim() }, 'verifyLoginCode');
    if (!result) return;
    if (result.__typename === 'Token' && result.value) {
      window.location.assign(`/m/callback/email?token=${encodeURIComponent(String(result.value))}&operation=${operation}`);
      return;
    }
    setError(result.__typename === 'TooManyRequests' ? 'Too many attempts. Please try again later.' : (result.message ?? 'Invalid code.'));
  }

  const errorLine = error && (
    <p className={styles.error} role="alert">
      {error}
    </p>
  );
  const consent = (
    <p className={styles.consent}>
      Click “{operation === 'register' ? 'Sign up' : 'Sign in'}” to agree to {siteName}’s <a href={TERMS_HREF}>Terms of Service</a> and acknowledge that {siteName}’s{' '}
      <a href={PRIVACY_HREF}>Privacy Policy</a> applies to you.
    </p>
  );

  if (step === 'SIGNIN_OPTIONS' || step === 'SIGNUP_OPTIONS') {
    const signUp = step === 'SIGNUP_OPTIONS';
    return (
      <section className={styles.panel} data-step={step} data-sign-up={signUp || undefined}>
        <h1 id={props.headingId} className={styles.heading}>{signUp ? `Join ${siteName}.` : 'Welcome back.'}</h1>
        {errorLine}
        <div className={styles.options}>
          <SocialOptions operation={signUp ? 'register' : 'login'} redirect={props.redirect} />
          {!hiddenSusiButtons.includes(`${signUp ? 'register' : 'login'}:email`) && (
            <Button variant="outline" className={styles.option} onClick={() => go('ENTER_EMAIL', signUp ? 'register' : 'login')}>
              {signUp ? 'Sign up with email' : 'Sign in with email'}
            </Button>
          )}
        </div>
        <p className={styles.switch}>
          {signUp ? 'Already have an account? ' : 'No account? '}
          <button type="button" className={styles.link} onClick={() => go(signUp ? 'SIGNIN_OPTIONS' : 'SIGNUP_OPTIONS', signUp ? 'login' : 'register')}>
            {signUp ? 'Sign in' : 'Create one'}
          </button>
        </p>
        {consent}
      </section>
    );
  }

  if (step === 'ENTER_EMAIL') {
    const signUp = operation === 'register';
    return (
      <section className={styles.panel} data-step={step}>
        <h1 id={props.headingId} className={styles.heading}>{signUp ? 'Sign up with email' : 'Sign in with email'}</h1>
        <p className={styles.lede}>
          {signUp ? 'Enter your email address to create an account.' : 'Enter the email address associated with your account, and we’ll send a magic link to your inbox.'}
        </p>
        <form className={styles.form} onSubmit={sendEmail} noValidate>
          {signUp && (
            <label className={styles.field}>
              <span>Your full name</span>
              <input name="fullName" autoComplete="name" value={fullName} onChange={(e) => setFullName(e.target.value)} maxLength={100} />
            </label>
          )}
          <label className={styles.field}>
            <span>Your email</span>
            <input name="email" type="email" autoComplete="email" inputMode="email" value={email} onChange={(e) => setEmail(e.target.value)} aria-invalid={Boolean(error)} />
          </label>
          {errorLine}
          <Button type="submit" className={styles.submit} disabled={busy}>
            Continue
          </Button>
        </form>
        <GoogleOption email={email} operation={operation} redirect={props.redirect} />
        {!signUp && (
          <button type="button" className={styles.link} onClick={() => go('ENTER_PASSWORD')}>
            Sign in with a password instead
          </button>
        )}
        <button type="button" className={styles.back} onClick={() => go(signUp ? 'SIGNUP_OPTIONS' : 'SIGNIN_OPTIONS')}>
          {signUp ? '‹ All sign up options' : '‹ All sign in options'}
        </button>
      </section>
    );
  }

  if (step === 'ENTER_PASSWORD') {
    return (
      <section className={styles.panel} data-step={step}>
        <h1 id={props.headingId} className={styles.heading}>
          Sign in with password
        </h1>
        <PasswordSignIn
          email={email}
          onEmailChange={setEmail}
          redirect={props.redirect}
          onTwoFactor={(c) => {
            setChallenge(c);
            go('TWO_FACTOR');
          }}
          onUseEmailLink={() => go('ENTER_EMAIL', 'login')}
        />
        <button type="button" className={styles.back} onClick={() => go('SIGNIN_OPTIONS', 'login')}>
          ‹ All sign in options
        </button>
      </section>
    );
  }

  if (step === 'TWO_FACTOR' && challenge) {
    return (
      <section className={styles.panel} data-step={step}>
        <h1 id={props.headingId} className={styles.heading}>
          Two-factor authentication
        </h1>
        <p className={styles.lede}>Enter the 6-digit code from your authenticator app, or one of your recovery codes.</p>
        <TwoFactorStep challenge={challenge} onRestart={() => go('SIGNIN_OPTIONS', 'login')} />
      </section>
    );
  }

  if (step === 'UNRECOGNIZED_EMAIL') {
    return (
      <section className={styles.panel} data-step={step}>
        <h1 id={props.headingId} className={styles.heading}>Sorry, we didn't recognize that email.</h1>
        <p className={styles.lede}>{email.trim()}</p>
        <div className={styles.options}>
          <Button className={styles.option} onClick={() => go('ENTER_EMAIL', 'register')}>
            Create an account with this email
          </Button>
          <Button variant="outline" className={styles.option} onClick={() => go('ENTER_EMAIL', 'login')}>
            Try another email
          </Button>
        </div>
      </section>
    );
  }

  return (
    <section className={styles.panel} data-step={step} data-mode={codeMode ? 'code' : 'link'}>
      <h1 id={props.headingId} className={styles.heading}>Check your inbox.</h1>
      {codeMode ? (
        <>
          <p className={styles.lede}>Enter the 6-digit code we sent to {email.trim()}.</p>
          <form className={styles.form} onSubmit={verifyCode} noValidate>
            <label className={styles.field}>
              <span>Code</span>
              <input
                name="code"
                className={styles.code}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={code}
                onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
                aria-invalid={Boolean(error)}
              />
            </label>
            {errorLine}
            <Button type="submit" className={styles.submit} disabled={busy}>
              Verify
            </Button>
          </form>
        </>
      ) : (
        <>
          <p className={styles.lede}>Click the link we sent to {email.trim()} to {operation === 'register' ? 'finish creating your account' : 'sign in'}.</p>
          <Button variant="outline" className={styles.option} onClick={() => {
              setError(null);
              setCodeMode(true);
            }}>
            Enter code instead
          </Button>
        </>
      )}
      <button type="button" className={styles.back} onClick={() => go('ENTER_EMAIL')}>
        ‹ Use another email
      </button>
    </section>
  );
}
