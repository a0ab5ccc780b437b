/** A story read this far has a position worth offering to resume (the server lists it from 10%). */
export const RESUME_FROM = 0.05;
/** Read to the end: nothing to resume (the server's FINISHED_AT). */
export const RESUME_UNTIL = 0.99;

export interface ReadingSpot {
  paragraphName: string;
  paragraphIndex: number;
  /** How far through the story the top of the window is, 0 to 1; 1 once the end is on screen. */
  fraction: number;
}

/** The story's paragraphs as the body renders them (PostBody: id = paragraph name). */
export const paragraphsOf = (body: HTMLElement) => Array.from(body.querySelectorAll<HTMLElement>('[data-paragraph-type][id]'));

/** Where the reader is: the first paragraph not yet scrolled above the top of the window. */
export function readingSpot(body: HTMLElement, windowHeight: number): ReadingSpot | null {
  const paragraphs = paragraphsOf(body);
  if (paragraphs.length === 0) return null;
  const rect = body.getBoundingClientRect();
  const index = Math.max(0, paragraphs.findIndex((p) => p.getBoundingClientRect().bottom > 0));
  const atEnd = rect.bottom <= windowHeight;
  const fraction = atEnd ? 1 : Math.min(1, Math.max(0, -rect.top / Math.max(1, rect.height)));
  return { paragraphName: paragraphs[index]!.id, paragraphIndex: index, fraction: Math.round(fraction * 1000) / 1000 };
}

/** The paragraph to scroll to: by name, or by index when an edit renamed it. */
export function resumeTarget(body: HTMLElement, spot: Pick<ReadingSpot, 'paragraphName' | 'paragraphIndex'>): HTMLElement | null {
  const paragraphs = paragraphsOf(body);
  return paragraphs.find((p) => p.id === spot.paragraphName) ?? paragraphs[spot.paragraphIndex] ?? null;
}
