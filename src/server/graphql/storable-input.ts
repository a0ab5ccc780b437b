import { Kind, visit, BREAK, type DocumentNode } from 'graphql';
import { describeUnstorable, isStorableText } from '../../platform/db/storable-text.js';

export const UNSTORABLE_INPUT_CODE = 'BAD_USER_INPUT';

/** The first string literal of a document (inline arguments, defaults, directives) that cannot be stored. */
export function findUnstorableLiteral(document: DocumentNode): { line: number | null; what: string } | null {
  let found: { line: number | null; what: string } | null = null;
  visit(document, {
    [Kind.STRING]: (node) => {
      if (isStorableText(node.value)) return undefined;
      found = { line: node.loc?.startToken.line ?? null, what: describeUnstorable(node.value) };
      return BREAK;
    },
  });
  return found;
}
