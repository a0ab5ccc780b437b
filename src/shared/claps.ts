/** Spec §9: a reader gives a story 1 to 50 claps in all (server and clap button alike). */
export const MAX_CLAPS_PER_STORY = 50;
