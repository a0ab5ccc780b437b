import type { EventHandlers } from '../../platform/events/dispatcher.js';
import { refreshFollowers, refreshPostSignals, reindexPost, reindexUser } from './indexer.js';
import { reindexList } from './lists-index.js';
import { reindexCollection } from './collections-index.js';

/**
 * The search documents follow the facts (README, Events): a story's text, settings or place in
 * the trash; a clap; a person's profile or standing. Each handler reads the current rows.
 */
export function searchHandlers(): EventHandlers {
  return {
    'post.published': [(tx, e) => reindexPost(tx, e.postId)],
    'post.changed': [(tx, e) => reindexPost(tx, e.postId)],
    'post.clapped': [(tx, e) => refreshPostSignals(tx, e.postId)],
    'user.changed': [(tx, e) => reindexUser(tx, e.userId)],
    'user.followed': [(tx, e) => refreshFollowers(tx, e.targetUserId)],
    'user.unfollowed': [(tx, e) => refreshFollowers(tx, e.targetUserId)],
    'catalog.changed': [(tx, e) => reindexList(tx, e.catalogId)],
    'publication.changed': [(tx, e) => reindexCollection(tx, e.publicationId)],
  };
}
