import { describe, expect, it } from 'vitest';
import { renderWithSite } from '../../lib/test-render';
import { ReadingNote } from './ReadingNote';

const text = (n: number) =>
  renderWithSite(<ReadingNote storiesThisMonth={n} siteName="Inkwell" />)
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;/g, "'");

/** Spec §5: the reading counter under a story for a signed-out reader. */
describe('reading note', () => {
  it('gives a generic prompt under 3 stories this month', () => {
    for (const n of [1, 2]) {
      expect(text(n)).toContain('Stories you might like are waiting on Inkwell.');
      expect(text(n)).not.toContain("You've read");
    }
  });
  it("says 'You've read N stories this month' from 3 on, with a sign-up link that skips onboarding", () => {
    expect(text(3)).toContain("You've read 3 stories this month.");
    const html = renderWithSite(<ReadingNote storiesThisMonth={7} siteName="Inkwell" />);
    expect(html).toMatch(/href="\/m\/signin\?operation=register[^"]*skipOnboarding%3D1"/);
  });
});
