export { CatalogResponses, LIST_CLOSED_NOTICE, type CatalogResponsesProps } from './CatalogResponses.js';
