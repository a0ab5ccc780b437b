import { useRef, useState } from 'react';
import type { DocumentNode } from 'graphql';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { LAZY_SUBSCRIBE_NEWSLETTER, SUBSCRIBE_NEWSLETTER, UNSUBSCRIBE_NEWSLETTER } from '../../graphql/subscribe-operations.js';
import { useToast } from '../toast/index.js';
import { subscribeToastKey, subscriptionStore, SUBSCRIBE_TOASTS, type KnownSubscription } from './subscribe-store.js';

export interface SubscribeNewsletter {
  id: string;
  name: string;
  subscriberCount: number;
  viewerSubscriptionState: string | null;
  consentNotice: string;
}

export interface SubscribeWriter {
  id: string;
  name: string;
  username: string | null;
  newsletterConsentNotice: string;
  newsletterV3: SubscribeNewsletter | null;
}

type Answer = Record<string, KnownSubscription & { id: string } | undefined>;

/**
 * One click for a signed-in reader: subscribe (the writer's newsletter is made on first use:
 * fetchOrLazilyCreate…) or unsubscribe, with the spec §4 toasts. A reader who never subscribed
 * saw the §5 notice beside the button, recorded as their consent.
 */
export function useWriterSubscription(writer: SubscribeWriter) {
  const loadData = useBrowserData();
  const toast = useToast();
  const busy = useRef(false);
  const [pending, setPending] = useState(false);
  const n = writer.newsletterV3;
  const fetched: KnownSubscription | null = n ? { newsletterId: n.id, subscriberCount: n.subscriberCount, viewerSubscriptionState: n.viewerSubscriptionState } : null;
  const known = subscriptionStore.use(writer.id, fetched as KnownSubscription) as KnownSubscription | null;
  const subscribed = known?.viewerSubscriptionState === 'ACTIVE';
  // The first subscription of this reader to this writer: show (and record) the consent notice.
  const firstTime = !known?.viewerSubscriptionState;

  const toggle = async () => {
    if (busy.current) return;
    busy.current = true;
    setPending(true);
    const key = subscribeToastKey(writer.id);
    try {
      const { client } = await loadData();
      const [mutation, variables, field]: [DocumentNode, Record<string, unknown>, string] = subscribed
        ? [UNSUBSCRIBE_NEWSLETTER, { newsletterV3Id: known!.newsletterId }, 'unsubscribeNewsletterV3']
        : known
          ? [SUBSCRIBE_NEWSLETTER, { newsletterV3Id: known.newsletterId, shouldRecordConsent: firstTime }, 'subscribeNewsletterV3']
          : [LAZY_SUBSCRIBE_NEWSLETTER, { userId: writer.id }, 'fetchOrLazilyCreateNewsletterV3AndMaybeSubscribe'];
      const { data, error } = await client.mutate({ mutation, variables });
      const out = (data as Answer | undefined)?.[field];
      if (error || !out) {
        const message = (error as { errors?: { message?: string; extensions?: { code?: string } }[] } | undefined)?.errors?.[0];
        toast.show({ message: message?.extensions?.code && message.extensions.code !== 'INTERNAL_SERVER_ERROR' ? message.message! : SUBSCRIBE_TOASTS.tryAgain, toastStyle: 'ERROR', key });
        return;
      }
      subscriptionStore.set(writer.id, { newsletterId: out.id, subscriberCount: out.subscriberCount, viewerSubscriptionState: out.viewerSubscriptionState });
      toast.show({ message: out.viewerSubscriptionState === 'ACTIVE' ? SUBSCRIBE_TOASTS.subscribed(writer.name) : SUBSCRIBE_TOASTS.unsubscribed(writer.name), key });
    } catch {
      toast.show({ message: SUBSCRIBE_TOASTS.tryAgain, toastStyle: 'ERROR', key });
    } finally {
      busy.current = false;
      setPending(false);
    }
  };

  return { subscribed, pending, firstTime, subscriberCount: known?.subscriberCount ?? 0, consentNotice: writer.newsletterConsentNotice, toggle, preload: () => void loadData().catch(() => {}) };
}
