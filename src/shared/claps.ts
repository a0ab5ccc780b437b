/** Spec §9: a reader gives a story 1 to 50 claps in all (server and clap button alike). */
export const MAX_CLAPS_PER_STORY = 50;

/** The messages of a clap call, for a story or a list (the claps and catalogs modules). */
export const NUM_CLAPS_MESSAGE = `numClaps must be a whole number from 1 to ${MAX_CLAPS_PER_STORY}.`;
export const CLAP_AS_YOURSELF_MESSAGE = 'You can only clap as yourself.';
export const clampedClapsMessage = (what: 'story' | 'list', added: number, asked: number) =>
  added === 0
    ? `You have already given this ${what} the most claps a reader can: ${MAX_CLAPS_PER_STORY}.`
    : `A reader can give a ${what} up to ${MAX_CLAPS_PER_STORY} claps: ${added} of your ${asked} were added.`;
