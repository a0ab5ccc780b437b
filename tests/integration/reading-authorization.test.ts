import { beforeEach, describe, expect, it } from 'vitest';
import { recordPostRead } from '../../src/modules/reading/commands.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { newReader, newStory, type Reader } from '../support/readers.js';
import { testBrowser, type TestBrowser } from '../support/test-browser.js';

/**
 * Who may do what with a reader's history and positions: every action × owner, another reader,
 * staff and a signed-out visitor. Only the owner reads or changes the owner's rows; the others get
 * their own (empty) view, or UNAUTHORIZED signed out, and the owner's rows stay as they were.
 */
type Role = 'owner' | 'other' | 'staff' | 'signed out';
const ROLES: Role[] = ['owner', 'other', 'staff', 'signed out'];

interface Action {
  name: string;
  run(b: TestBrowser, postId: string): Promise<{ data?: Record<string, unknown> | null; errors?: { extensions?: { code?: string } }[] }>;
  /** What the owner's rows look like after the owner did it. */
  ownerEffect: Partial<OwnerState>;
  /** The field's answer for a signed-in non-owner (their own empty state). */
  othersSee?: unknown;
}

interface OwnerState {
  reads: number;
  paused: boolean;
  fraction: number | null;
}

const position = (postId: string) => ({ postId, paragraphName: 'p1', paragraphIndex: 1, fraction: 0.8, clientUpdatedAt: Date.now(), deviceId: 'actor', deviceSeq: 1 });

const ACTIONS: Action[] = [
  { name: 'read the history', run: (b) => b.gql('{ viewerReadingHistory { items { items { post { id } } } } }'), ownerEffect: {}, othersSee: { viewerReadingHistory: { items: { items: [] } } } },
  { name: 'read the position', run: (b, id) => b.gql('query($id: ID!) { readingPosition(postId: $id) { fraction } }', { id }), ownerEffect: {}, othersSee: { readingPosition: null } },
  { name: 'remove a story', run: (b, id) => b.gql('mutation($id: ID!) { removeFromReadingHistory(postId: $id) }', { id }), ownerEffect: { reads: 0 }, othersSee: { removeFromReadingHistory: false } },
  { name: 'clear the history', run: (b) => b.gql('mutation { clearReadingHistory }'), ownerEffect: { reads: 0 }, othersSee: { clearReadingHistory: 0 } },
  { name: 'pause', run: (b) => b.gql('mutation { setReadingHistoryPaused(paused: true) }'), ownerEffect: { paused: true }, othersSee: { setReadingHistoryPaused: true } },
  {
    name: 'save a position',
    run: (b, id) => b.gql('mutation($input: ReadingPositionInput!) { saveReadingPosition(input: $input) { __typename } }', { input: position(id) }),
    ownerEffect: { fraction: 0.8 },
    othersSee: { saveReadingPosition: { __typename: 'SavedReadingPosition' } },
  },
];

describe('reading history and positions: who may do what', () => {
  let t: TestApp;
  let author: Reader;

  beforeEach(async () => {
    t ??= await createTestApp();
    author ??= await newReader(t, 'Author');
  });

  const ownerState = async (ownerId: string, postId: string): Promise<OwnerState> => {
    const q = (sql: string) => t.database.pool.query(sql, [ownerId]).then((r) => r.rows[0]);
    const reads = (await q('select count(*)::int as n from post_reads where user_id = $1')).n as number;
    const paused = ((await q('select history_paused from reading_settings where user_id = $1')) as { history_paused: boolean } | undefined)?.history_paused ?? false;
    const pos = (await t.database.pool.query('select fraction from reading_positions where user_id = $1 and post_id = $2', [ownerId, postId])).rows[0] as { fraction: number } | undefined;
    return { reads, paused, fraction: pos?.fraction ?? null };
  };

  for (const action of ACTIONS) {
    for (const role of ROLES) {
      it(`${role}: ${action.name}`, async () => {
        const owner = await newReader(t, 'Owner');
        const postId = await newStory(t, author.id);
        await recordPostRead(t.database.db, owner.id, postId);
        await owner.browser.gql('mutation($input: ReadingPositionInput!) { saveReadingPosition(input: $input) { __typename } }', {
          input: { ...position(postId), fraction: 0.3, clientUpdatedAt: Date.now() - 60_000, deviceId: 'owner' },
        });
        const before = await ownerState(owner.id, postId);
        const actor =
          role === 'owner' ? owner.browser : role === 'signed out' ? testBrowser(t.app) : (await newReader(t, role === 'staff' ? 'Staff' : 'Other', { isStaff: role === 'staff' })).browser;

        const out = await action.run(actor, postId);

        if (role === 'owner') {
          expect(out.errors).toBeUndefined();
          expect(await ownerState(owner.id, postId)).toEqual({ ...before, ...action.ownerEffect });
          return;
        }
        if (role === 'signed out') {
          const isWrite = action.name !== 'read the history' && action.name !== 'read the position';
          if (isWrite) expect(out.errors?.[0]?.extensions?.code).toBe('UNAUTHORIZED');
          else expect(Object.values(out.data ?? {})).toEqual([null]);
        } else {
          expect(out.errors).toBeUndefined();
          expect(out.data).toEqual(action.othersSee);
        }
        expect(await ownerState(owner.id, postId)).toEqual(before);
      });
    }
  }
});
