/**
 * The variables of the first page of responses, as the story page and /p/{postId}/responses
 * preload it (src/web/router/registry.ts) and the section reads it back: they must be
 * the same object, or the preloaded page is missed. Kept apart from the section's code
 * so the registry, which every page loads, does not pull that code in.
 */
export const firstPageVariables = (postId: string) => ({ postId, sortType: 'MOST_RELEVANT' as const });
