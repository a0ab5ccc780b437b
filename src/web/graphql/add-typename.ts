import { Kind, visit, type ASTNode, type DocumentNode, type FieldNode, type SelectionSetNode } from 'graphql';

const TYPENAME: FieldNode = { kind: Kind.FIELD, name: { kind: Kind.NAME, value: '__typename' } };

/**
 * Adds __typename to every selection set but an operation's root, as Apollo's cache does
 * to every document it reads: the server renders from results shaped like the ones the
 * browser's cache will return at hydration.
 */
export function addTypename(document: DocumentNode): DocumentNode {
  return visit(document, {
    SelectionSet: {
      enter(node: SelectionSetNode, _key, parent) {
        if (parent && !Array.isArray(parent) && (parent as ASTNode).kind === Kind.OPERATION_DEFINITION) return undefined;
        if (node.selections.some((s) => s.kind === Kind.FIELD && s.name.value === '__typename')) return undefined;
        return { ...node, selections: [...node.selections, TYPENAME] };
      },
    },
  });
}
