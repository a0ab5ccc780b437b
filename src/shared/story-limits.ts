/**
 * Limits on what a story may hold, checked by the server on every save and publish
 * (src/modules/posts/paragraph-input.ts) and shown by the editor before it sends.
 * The spec gives none; these are generous for writing and small enough that one save
 * stays a quick single write.
 */
export const STORY_LIMITS = {
  /** Title and subtitle, in characters (UTF-16 code units, as the editor counts them). */
  titleMaxLength: 100,
  subtitleMaxLength: 140,
  /** Paragraphs in one story (a long essay has a few hundred). */
  paragraphsMax: 2_000,
  /** Characters of text over all paragraphs (about 15,000 words). */
  textMaxLength: 100_000,
  /** Markups in one paragraph. */
  markupsPerParagraphMax: 500,
  /** A paragraph's name: the stable id highlights and anchors point at. */
  paragraphNameMaxLength: 32,
  linkMaxLength: 2_048,
  imageAltMaxLength: 1_000,
  imageDimensionMax: 30_000,
  codeLanguageMaxLength: 40,
  embedTitleMaxLength: 300,
  mixtapeDescriptionMaxLength: 1_000,
  /** Tags on a story (publish dialog), each up to tagMaxLength characters. */
  tagsMax: 5,
  tagMaxLength: 25,
} as const;
