import { describe, expect, it } from 'vitest';
import { renderWithSite } from '../../lib/test-render';
import { CatalogPreviewCard, catalogOwnerPath, catalogPublicPath, type CatalogPreview } from './CatalogPreviewCard';

const list = (over: Partial<CatalogPreview> = {}): CatalogPreview => ({
  id: '0123456789ab',
  name: 'Tides <and> "currents"',
  description: 'Stories & notes',
  slugId: 'tides-and-currents-0123456789ab',
  visibility: 'PUBLIC',
  predefined: null,
  itemsCount: 1,
  followersCount: 0,
  viewerIsFollowing: false,
  coverImageIds: ['img-a', 'img-b', 'img-c', 'img-d'],
  creator: { id: 'aaaaaaaaaaaa', name: 'Ada Lovelace', username: 'ada', imageId: null },
  ...over,
});

const render = (c: CatalogPreview, action?: string) => renderWithSite(<CatalogPreviewCard catalog={c} href={catalogPublicPath(c)!} action={action ? <button type="button">{action}</button> : undefined} />).replace(/<!-- -->/g, '');

describe('CatalogPreviewCard', () => {
  it('shows the creator, the escaped name and description, the count and links the list', () => {
    const html = render(list());
    expect(html).toContain('href="/@ada"');
    expect(html).toContain('>Ada Lovelace<');
    expect(html).toContain('Tides &lt;and&gt; &quot;currents&quot;');
    expect(html).not.toContain('Tides <and>');
    expect(html).toContain('Stories &amp; notes');
    expect(html).toContain('>1 story<');
    expect(html.match(/href="\/@ada\/list\/tides-and-currents-0123456789ab"/g)).toHaveLength(2);
    expect(html).not.toContain('Private list');
  });

  it('stacks the first three images of its stories as the cover, grey panels where there are fewer', () => {
    const full = render(list());
    expect(full.match(/<img [^>]*src="\/media\/img-[a-d]\?w=240"/g)).toHaveLength(3);
    expect(full).not.toContain('img-d');
    expect(full).toContain('data-covers="3"');
    const one = render(list({ coverImageIds: ['img-a'], itemsCount: 1200 }));
    expect(one.match(/<img /g)).toHaveLength(1);
    expect(one).toContain('data-covers="1"');
    expect(one).toContain('>1.2K stories<');
  });

  it('marks a private list with a lock and carries an action', () => {
    const html = render(list({ visibility: 'PRIVATE' }), 'Unfollow');
    expect(html).toContain('aria-label="Private list"');
    expect(html).toContain('>Unfollow</button>');
  });

  it('has a public page only with a username; the owner’s view is by slug', () => {
    expect(catalogPublicPath(list({ creator: { id: 'x', name: 'X', username: null, imageId: null } }))).toBeNull();
    expect(catalogOwnerPath({ slugId: 'reading-list' })).toBe('/me/list/reading-list');
  });
});
