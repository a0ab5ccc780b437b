import { publicationVariables } from '../../components/publication/publication-key.js';

/** The section page's query variables (kept apart so page-defs does not load the page). */
export const sectionVariables = (params: Record<string, string>, after: string | null = null) => ({ ...publicationVariables(params), sectionId: params.sectionId ?? '', after });
