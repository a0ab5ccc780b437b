import { describe, expect, it } from 'vitest';
import { FOR_YOU, rankForYou, scoreOf, type Candidate, type CandidateSource, type ReaderSignals } from './for-you-ranking.js';

const NOW = new Date('2026-06-01T12:00:00Z');
const hoursAgo = (h: number) => NOW.getTime() - h * 3_600_000;
const story = (id: string, over: Partial<Candidate> = {}): Candidate => ({ id, creatorId: 'w1', publishedMs: hoursAgo(10), clapCount: 0, responsesCount: 0, tags: [], ...over });
const reader = (over: Partial<ReaderSignals> = {}): ReaderSignals => ({ viewerId: 'me', mutedIds: new Set(), dismissedIds: new Set(), dismissals: [], readIds: new Set(), ...over });
const topic = (candidates: Candidate[], tagSlug = 'boats'): CandidateSource => ({ reason: 'FOLLOWED_TOPIC', weight: 1, tagSlug, candidates });

describe('For you ranking', () => {
  it('scores claps, responses and age as the README says', () => {
    const c = story('a', { clapCount: 99, responsesCount: 9, publishedMs: hoursAgo(6) });
    // 1.5 × (1 + ln 100 + 0.5 × ln 10) / 8^1.2
    const expected = (1.5 * (1 + 4.605170185988092 + 0.5 * 2.302585092994046)) / 12.125732532083184;
    expect(scoreOf(c, 1.5, reader(), NOW.getTime())).toBe(Math.round(expected * FOR_YOU.SCALE));
    // A story dated after the ranking's instant counts as brand new, not as negative age.
    expect(scoreOf(story('f', { publishedMs: hoursAgo(-1) }), 1, reader(), NOW.getTime())).toBe(Math.round(FOR_YOU.SCALE / 2 ** 1.2));
  });

  it('lowers a story per dismissed story of its writer and per dismissed story sharing a tag, and read stories', () => {
    const c = story('a', { creatorId: 'bob', tags: ['boats', 'sea'] });
    const base = scoreOf(c, 1, reader(), NOW.getTime());
    const dismissals = [
      { creatorId: 'bob', tags: ['cars'] },
      { creatorId: 'bob', tags: ['sea'] },
      { creatorId: 'ann', tags: ['boats'] },
      { creatorId: 'ann', tags: ['knitting'] },
    ];
    // Two of Bob's (0.5²), two sharing a tag (0.8²), one unrelated (×1).
    // (Scores are whole numbers, so a factor applied to the rounded base may differ by one.)
    expect(Math.abs(scoreOf(c, 1, reader({ dismissals }), NOW.getTime()) - base * 0.25 * 0.64)).toBeLessThanOrEqual(1);
    expect(Math.abs(scoreOf(c, 1, reader({ readIds: new Set(['a']) }), NOW.getTime()) - base * FOR_YOU.READ_FACTOR)).toBeLessThanOrEqual(1);
  });

  it('leaves out future, own, muted and dismissed stories', () => {
    const rows = rankForYou(
      [topic([story('ok'), story('later', { publishedMs: hoursAgo(-1) }), story('mine', { creatorId: 'me' }), story('muted', { creatorId: 'm' }), story('gone')])],
      reader({ mutedIds: new Set(['m']), dismissedIds: new Set(['gone']) }),
      NOW,
      null,
      10,
    );
    expect(rows.map((r) => r.id)).toEqual(['ok']);
  });

  it('keeps a story once, with its best score and that source’s reason (ties: writer before topic before site)', () => {
    const shared = story('s', { creatorId: 'ann' });
    const rows = rankForYou(
      [
        { reason: 'POPULAR_ON_SITE', weight: 1, tagSlug: null, candidates: [shared, story('t')] },
        topic([shared, story('t')], 'boats'),
        { reason: 'FOLLOWED_AUTHOR', weight: 1.5, tagSlug: null, candidates: [shared] },
      ],
      reader(),
      NOW,
      null,
      10,
    );
    expect(rows.map((r) => [r.id, r.reason, r.authorId, r.tagSlug])).toEqual([
      ['s', 'FOLLOWED_AUTHOR', 'ann', null],
      ['t', 'FOLLOWED_TOPIC', null, 'boats'],
    ]);
  });

  it('orders by score, then id descending, and pages strictly below the cursor', () => {
    const same = { publishedMs: hoursAgo(5) };
    const candidates = [story('a', same), story('c', same), story('b', same), story('top', { ...same, clapCount: 50 }), story('low', { publishedMs: hoursAgo(50) })];
    const all = rankForYou([topic(candidates)], reader(), NOW, null, 10);
    expect(all.map((r) => r.id)).toEqual(['top', 'c', 'b', 'a', 'low']);
    // limit + 1 rows: the extra one says there is a next page.
    expect(rankForYou([topic(candidates)], reader(), NOW, null, 2).map((r) => r.id)).toEqual(['top', 'c', 'b']);
    const cursor = { asOf: NOW, score: all[1]!.score, id: 'c' };
    expect(rankForYou([topic(candidates)], reader(), NOW, cursor, 10).map((r) => r.id)).toEqual(['b', 'a', 'low']);
  });

  it('keeps the same rows as scoring every candidate, keeping each story’s best and sorting them all would', () => {
    // A fixed pseudo-random spread, with ties (same age and claps) and stories in several sources,
    // two of them weighing alike (ties between reasons).
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const pool = Array.from({ length: 300 }, (_, i) => story(`p${(i * 7919) % 1000}`, { clapCount: Math.floor(next() * 5) * 10, publishedMs: hoursAgo(Math.floor(next() * 8)) }));
    const sources: CandidateSource[] = [
      { reason: 'POPULAR_ON_SITE', weight: 1, tagSlug: null, candidates: pool.slice(100, 260) },
      topic(pool.slice(0, 200)),
      { reason: 'FOLLOWED_AUTHOR', weight: 0.35, tagSlug: null, candidates: pool.slice(150) },
    ];
    const me = reader();
    const order = ['FOLLOWED_AUTHOR', 'FOLLOWED_TOPIC', 'POPULAR_ON_SITE'];
    const best = new Map<string, { id: string; score: number; reason: string }>();
    for (const s of sources) {
      for (const c of s.candidates) {
        const score = scoreOf(c, s.weight, me, NOW.getTime());
        const held = best.get(c.id);
        if (!held || held.score < score || (held.score === score && order.indexOf(s.reason) < order.indexOf(held.reason))) best.set(c.id, { id: c.id, score, reason: s.reason });
      }
    }
    const sorted = [...best.values()].sort((a, b) => b.score - a.score || (a.id < b.id ? 1 : -1));
    expect(sorted).toHaveLength(300);
    expect(new Set(sorted.map((r) => r.reason)).size).toBe(3);
    const shape = (rows: { id: string; score: number; reason: string }[]) => rows.map((r) => `${r.id}:${r.score}:${r.reason}`);
    for (const limit of [1, 3, 10, 25, 400]) {
      for (const from of [-1, 0, 17, 150]) {
        const after = from < 0 ? null : { asOf: NOW, score: sorted[from]!.score, id: sorted[from]!.id };
        expect(shape(rankForYou(sources, me, NOW, after, limit))).toEqual(shape(sorted.slice(from + 1, from + 1 + limit + 1)));
      }
    }
  });

  it("takes a topic's first `take` stories, counted after future and muted ones, before the reader's own and dismissed", () => {
    const list = [story('future', { publishedMs: hoursAgo(-1) }), story('muted', { creatorId: 'm' }), story('mine', { creatorId: 'me' }), story('gone'), story('t1'), story('t2')];
    const ranked = (take: number) =>
      rankForYou([{ ...topic(list), take }], reader({ mutedIds: new Set(['m']), dismissedIds: new Set(['gone']) }), NOW, null, 10)
        .map((r) => r.id)
        .sort();
    // 'mine' and 'gone' use up two of the three taken; 'future' and 'muted' none.
    expect(ranked(3)).toEqual(['t1']);
    expect(ranked(4)).toEqual(['t1', 't2']);
  });
});
