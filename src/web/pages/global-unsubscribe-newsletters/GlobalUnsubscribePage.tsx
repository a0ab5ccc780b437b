import { useState } from 'react';
import { useSite } from '../../app-context.js';
import { Button, buttonClassName } from '../../components/button/index.js';
import { useToast } from '../../components/toast/index.js';
import { NEWSLETTER_UNSUBSCRIBE_LINK_QUERY, UNSUBSCRIBE_ALL_NEWSLETTERS } from '../../graphql/email-settings-operations.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import { useNavigation } from '../../router/navigation.js';
import type { PageProps } from '../../router/registry.js';
import { useSignedMutation } from '../email-settings/use-signed-mutation.js';
import styles from './GlobalUnsubscribePage.module.css';

export interface UnsubscribeLink {
  state: string;
  expired: boolean;
  emailSettingsPath: string | null;
  newsletter: { id: string; name: string; user: { name: string } | null; collection: { name: string } | null };
}

/** The server's messages (modules/newsletters), shown where the page says the same. */
const DONE = { authors: "You've unsubscribed from all author newsletters.", all: "You've unsubscribed from all newsletters." };
const EXPIRED = 'This link is from an email sent before you subscribed again, so it no longer works. Use the link in a newer email.';

/**
 * Page global-unsubscribe-newsletters (two-column): /me/unsubscribe-all-author-newsletters and
 * /me/unsubscribe-all-newsletters (signed in, or with the email settings' signed pair as
 * ?userId=&hash=), and a newsletter email's footer link /_/newsletters/unsubscribe/{token}.
 */
export default function GlobalUnsubscribePage({ params }: PageProps) {
  return params.scope === 'newsletter' ? <FooterUnsubscribe token={params.token ?? ''} /> : <UnsubscribeAll onlyAuthors={params.scope === 'authors'} />;
}

/**
 * The footer link: asks first (a GET never unsubscribes: link scanners follow them). Plain
 * forms, so it works before (or without) the page's script: they post to the one-click URL,
 * which sends the browser back here to show the new state.
 */
function FooterUnsubscribe({ token }: { token: string }) {
  const link = usePageQuery<{ newsletterUnsubscribeLink: UnsubscribeLink | null }>(NEWSLETTER_UNSUBSCRIBE_LINK_QUERY, { token })?.newsletterUnsubscribeLink;
  if (!link) return null;
  const { name } = link.newsletter;
  const owner = link.newsletter.collection?.name ?? link.newsletter.user?.name ?? name;
  const settings = link.emailSettingsPath ? (
    <a className={styles.link} href={link.emailSettingsPath}>
      Manage your email settings
    </a>
  ) : null;
  if (link.expired) {
    return (
      <Panel title="This link no longer works">
        <p className={styles.lede}>{EXPIRED}</p>
        {settings}
      </Panel>
    );
  }
  if (link.state === 'UNSUBSCRIBED') {
    return (
      <Panel title={`You've unsubscribed from ${name}.`}>
        <p className={styles.lede}>You will no longer get its stories by email.</p>
        <form method="post" action={`/_/newsletters/resubscribe/${token}`} className={styles.form}>
          <input type="hidden" name="from-page" value="1" />
          <button type="submit" className={buttonClassName({ variant: 'outline' })}>
            Resubscribe
          </button>
          <p className={styles.notice}>By subscribing, you agree that your email address is shared with {owner}, who may contact you. You can opt out in Settings at any time.</p>
        </form>
        {settings}
      </Panel>
    );
  }
  return (
    <Panel title={`Unsubscribe from ${name}?`}>
      <p className={styles.lede}>You will no longer get its stories by email.</p>
      <form method="post" action={`/_/newsletters/unsubscribe/${token}`} className={styles.form}>
        <input type="hidden" name="List-Unsubscribe" value="One-Click" />
        <input type="hidden" name="from-page" value="1" />
        <button type="submit" className={buttonClassName({})}>
          Unsubscribe
        </button>
      </form>
      {settings}
    </Panel>
  );
}

function UnsubscribeAll({ onlyAuthors }: { onlyAuthors: boolean }) {
  const { viewer } = useSite();
  const q = new URLSearchParams(useNavigation().search);
  const pair = q.get('userId') && q.get('hash') ? { userId: q.get('userId'), hash: q.get('hash') } : {};
  const { run, busy } = useSignedMutation();
  const toast = useToast();
  const [done, setDone] = useState(false);
  const title = onlyAuthors ? 'Unsubscribe from all author newsletters' : 'Unsubscribe from all newsletters';
  const what = onlyAuthors ? "You will no longer get writers' newsletters by email. Publications' newsletters stay as they are." : "You will no longer get any newsletter by email, from writers or publications.";
  const settingsHref = 'userId' in pair ? `/me/email-settings/${encodeURIComponent(pair.userId!)}/${encodeURIComponent(pair.hash!)}` : '/me/settings/notifications#email-settings';

  if (!viewer && !('userId' in pair)) {
    const here = onlyAuthors ? '/me/unsubscribe-all-author-newsletters' : '/me/unsubscribe-all-newsletters';
    return (
      <Panel title={title}>
        <p className={styles.lede}>Sign in to manage your newsletter subscriptions, or use the email settings link at the bottom of a newsletter email.</p>
        <a className={buttonClassName({})} href={`/m/signin?operation=login&redirect=${encodeURIComponent(here)}`}>
          Sign in
        </a>
      </Panel>
    );
  }
  const confirm = async () => {
    const result = await run<{ unsubscribeAllNewsletters: number }>(UNSUBSCRIBE_ALL_NEWSLETTERS, { onlyAuthors, ...pair });
    if (!result.ok) return toast.show({ message: result.message, toastStyle: 'ERROR' });
    setDone(true);
    toast.show({ message: onlyAuthors ? DONE.authors : DONE.all });
  };
  return (
    <Panel title={done ? (onlyAuthors ? DONE.authors : DONE.all) : `${title}?`}>
      {done ? null : (
        <>
          <p className={styles.lede}>{what}</p>
          <Button disabled={busy} onClick={() => void confirm()}>
            Unsubscribe
          </Button>
        </>
      )}
      <a className={styles.link} href={settingsHref}>
        {done ? 'Back to your email settings' : 'Cancel'}
      </a>
    </Panel>
  );
}

function Panel({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className={styles.page} aria-labelledby="unsubscribe-title">
      <h1 id="unsubscribe-title" className={styles.title}>
        {title}
      </h1>
      <div className={styles.body}>{children}</div>
    </section>
  );
}
