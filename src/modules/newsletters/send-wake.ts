import { createWakers } from '../../platform/jobs/wakers.js';

const senders = createWakers();

/** Wakes the newsletter senders of this process after a send was queued (other processes poll). */
export const notifyNewsletterSenders = (): void => senders.notify();

export const onSendQueued = (wake: () => void): (() => void) => senders.on(wake);
