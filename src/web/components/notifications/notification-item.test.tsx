import { describe, expect, it } from 'vitest';
import { renderWithSite } from '../../lib/test-render';
import { NotificationItem, notificationHref, type NotificationItemData } from './NotificationItem';

const base: NotificationItemData = {
  id: '1',
  kind: 'CATALOG',
  actorCount: 1,
  actors: [{ id: 'u1', name: 'Ann Lister', username: 'ann', imageId: null }],
  post: null,
  response: null,
  catalog: { id: 'abcdefabcdef', name: 'Harbour <reading>', slugId: 'harbour-reading-abcdefabcdef', creator: { id: 'u1', username: 'ann' } },
  storyCount: 3,
  text: null,
  href: null,
  isRead: false,
  occurredAt: Date.UTC(2026, 10, 27),
};

describe('a followed list’s notification', () => {
  it('says who added how many stories to which list (escaped), and links to the list’s public page', () => {
    const html = renderWithSite(<NotificationItem notification={base} onOpen={() => {}} />);
    expect(html).toContain('href="/@ann/list/harbour-reading-abcdefabcdef"');
    expect(html.replace(/<!-- -->/g, '')).toMatch(/Ann Lister<\/strong> added 3 stories to <strong[^>]*>Harbour &lt;reading&gt;<\/strong>/);
  });

  it('one story in the singular; a writer without a username by id; no link once the list is private or gone', () => {
    const one = renderWithSite(<NotificationItem notification={{ ...base, storyCount: 1 }} onOpen={() => {}} />).replace(/<!-- -->/g, '');
    expect(one).toContain('added 1 story to');
    expect(notificationHref({ ...base, catalog: { ...base.catalog!, creator: { id: 'u1', username: null } } })).toBe('/u/u1/list/harbour-reading-abcdefabcdef');
    expect(notificationHref({ ...base, catalog: null })).toBeNull();
  });
});
