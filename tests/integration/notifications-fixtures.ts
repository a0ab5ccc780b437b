import { startEventDispatcher, type EventDispatcher } from '../../src/platform/events/dispatcher.js';
import { createLogger } from '../../src/platform/logger/index.js';
import { createMemoryPubSub } from '../../src/platform/pubsub/memory.js';
import type { PubSub } from '../../src/platform/pubsub/index.js';
import { notificationHandlers } from '../../src/modules/notifications/handlers.js';
import { createDraft } from '../../src/modules/posts/drafts.js';
import { publishPost } from '../../src/modules/posts/publish.js';
import type { Paragraph } from '../../src/shared/paragraphs.js';
import type { TestApp } from '../support/app.js';

/** The notifications dispatcher of a test: handlers only, drained by the test (no timer). */
export function notificationsDispatcher(t: TestApp, pubsub: PubSub = createMemoryPubSub()): EventDispatcher & { pubsub: PubSub } {
  const d = startEventDispatcher({ db: t.database.db, logger: createLogger('silent'), handlers: notificationHandlers(async () => pubsub), pollIntervalMs: 3_600_000 });
  return Object.assign(d, { pubsub });
}

export const PUBLISH = { tags: [], visibility: 'PUBLIC', isLocked: false, allowResponses: true, license: 'ALL_RIGHTS_RESERVED' };

/** A story written and published through the commands (so post.published is emitted). */
export async function publishedStory(t: TestApp, creatorId: string, title = 'A story', paragraphs?: Paragraph[], visibility = 'PUBLIC'): Promise<string> {
  const body = paragraphs ?? [{ name: 'a1b2', type: 'P', text: 'Something worth reading, in a paragraph.', markups: [] }];
  const draft = await createDraft(t.database.db, creatorId, { title, subtitle: '', paragraphs: body });
  if (draft.kind !== 'saved') throw new Error(`draft: ${JSON.stringify(draft)}`);
  const published = await publishPost(t.database.db, creatorId, draft.postId, { ...PUBLISH, visibility });
  if (published.kind !== 'published') throw new Error(`publish: ${JSON.stringify(published)}`);
  return draft.postId;
}

export interface NotificationView {
  kind: string;
  actorCount: number;
  actors: string[];
  post: string | null;
  isRead: boolean;
}

/** What the reader's list shows, through GraphQL as the page asks. */
export const NOTIFICATIONS = `query($filter: NotificationFilter, $paging: PagingOptions) {
  notifications(filter: $filter, paging: $paging) {
    items { id kind actorCount actors { id name } post { id title } response { id } text href isRead occurredAt }
    pagingInfo { next { limit to } }
  }
}`;
export const UNREAD = 'query UnreadNotificationCount { unreadNotificationCount }';
