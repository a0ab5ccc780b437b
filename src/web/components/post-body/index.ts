export { PostBody, groupBlocks, type PostBodyProps } from './PostBody.js';
export { InlineText, USER_LINK_REL } from './InlineText.js';
export { IFRAME_HOST_ALLOW_LIST, embeddableIframeUrl } from './embeds.js';
export { IFRAME_SANDBOX } from './IframeEmbed.js';
