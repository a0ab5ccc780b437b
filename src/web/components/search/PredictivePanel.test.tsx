import { describe, expect, it } from 'vitest';
import { renderWithSite } from '../../lib/test-render';
import { PredictivePanel, type PredictivePanelProps } from './PredictivePanel';

const noop = () => {};
const props = (over: Partial<PredictivePanelProps>): PredictivePanelProps => ({
  query: '',
  suggestions: null,
  recentSearches: [],
  onSuggestionClick: noop,
  onRecentClick: noop,
  onClearRecent: noop,
  onLeave: noop,
  ...over,
});

describe('PredictivePanel', () => {
  it('empty query: recent searches, newest first, and Explore topics (spec §5)', () => {
    const html = renderWithSite(<PredictivePanel {...props({ recentSearches: ['quill', 'ink & paper'] })} />);
    expect(html).toContain('Recent searches');
    expect(html.indexOf('/search?q=quill')).toBeLessThan(html.indexOf('/search?q=ink%20%26%20paper'));
    expect(html).toMatch(/href="\/explore-topics"[^>]*data-search-item=""[^>]*>Explore topics</);
  });

  it('without recent searches only Explore topics shows', () => {
    const html = renderWithSite(<PredictivePanel {...props({})} />);
    expect(html).not.toContain('Recent searches');
    expect(html).toContain('Explore topics');
  });

  it('suggestions: a section per type with hits, matched words marked, no markup from the index', () => {
    const html = renderWithSite(
      <PredictivePanel
        {...props({
          query: 'ink',
          suggestions: {
            query: 'ink',
            sections: [
              { indexName: 'posts', queryID: 'q1', hits: [{ objectID: 'p1', title: 'Ink <b>x</b>', postId: 'p1', mediumUrl: '/@ann/ink-p1', creator: { id: 'u1', name: 'Ann', username: 'ann', imageId: null }, _highlightResult: { title: { value: '<em>Ink</em> &lt;b&gt;x&lt;/b&gt;' } } }] },
              { indexName: 'users', queryID: 'q2', hits: [{ objectID: 'u2', userId: 'u2', name: 'Inka', username: 'inka' }] },
              { indexName: 'collections', queryID: 'q3', hits: [] },
              { indexName: 'tags', queryID: 'q4', hits: [{ objectID: 'inking', displayText: 'Inking', tagSlug: 'inking' }] },
            ],
          },
        })}
      />,
    );
    expect(html).toContain('aria-label="Stories"');
    expect(html).toContain('aria-label="People"');
    expect(html).not.toContain('aria-label="Publications"');
    expect(html).toContain('aria-label="Topics"');
    expect(html).toMatch(/<mark[^>]*>Ink<\/mark> &lt;b&gt;x&lt;\/b&gt;/);
    expect(html).toContain('href="/@ann/ink-p1"');
    expect(html).toContain('href="/@inka"');
    expect(html).toContain('href="/tag/inking"');
    expect(html.match(/data-search-item=""/g)).toHaveLength(3);
  });
});
