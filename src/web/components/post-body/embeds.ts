/**
 * The embed allow-list lives in src/shared/embeds.ts, shared with the editor and the
 * server's paragraph validation; the story body reads it from there.
 */
export { IFRAME_HOST_ALLOW_LIST, displayDomain, embeddableIframeUrl } from '../../../shared/embeds.js';
