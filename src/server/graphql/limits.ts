import {
  GraphQLError,
  Kind,
  getNamedType,
  getNullableType,
  isListType,
  isObjectType,
  isInterfaceType,
  type ASTVisitor,
  type FragmentDefinitionNode,
  type GraphQLNamedType,
  type SelectionSetNode,
  type ValidationContext,
  type ValueNode,
} from 'graphql';

export interface QueryLimits {
  maxDepth: number;
  maxAliases: number;
  maxCost: number;
}

/** A list field without a limit argument is assumed to return this many items. */
export const DEFAULT_LIST_SIZE = 10;
/** A limit given by a variable is unknown while validating: count it as this. */
export const MAX_LIST_SIZE = 100;

const LIMIT_ARGS = new Set(['limit', 'first', 'paging', 'postResponsesPaging', 'hitsPerPage']);

/** The size a field's limit argument asks for, or null when it has none. */
function requestedSize(args: readonly { name: { value: string }; value: ValueNode }[] | undefined): number | null {
  const read = (v: ValueNode): number | null => {
    if (v.kind === Kind.INT) return Number(v.value);
    if (v.kind === Kind.VARIABLE) return MAX_LIST_SIZE;
    if (v.kind === Kind.OBJECT) {
      for (const f of v.fields) if (f.name.value === 'limit') return read(f.value);
    }
    return null;
  };
  for (const a of args ?? []) {
    if (!LIMIT_ARGS.has(a.name.value)) continue;
    const n = read(a.value);
    if (n !== null) return Math.max(1, Math.min(n, MAX_LIST_SIZE));
  }
  return null;
}

/**
 * Depth, alias and cost limits in one walk of each operation, fragments expanded.
 * Cost is the number of fields a response may hold: each field costs the product of
 * the sizes of the lists above it. A list's size is its limit argument; a connection's
 * paging limit (on a non-list field) sizes the first list below it; otherwise
 * DEFAULT_LIST_SIZE.
 */
export function queryLimitsRule(limits: QueryLimits) {
  return (context: ValidationContext): ASTVisitor => {
    const schema = context.getSchema();
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const def of context.getDocument().definitions) {
      if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
    }
    return {
      OperationDefinition(op) {
        let aliases = 0;
        let cost = 0;
        let maxDepth = 0;
        const walk = (
          set: SelectionSetNode,
          parent: GraphQLNamedType | undefined,
          depth: number,
          multiplier: number,
          seen: ReadonlySet<string>,
          pagedSize: number | null,
        ) => {
          if (depth > maxDepth) maxDepth = depth;
          if (depth > limits.maxDepth + 1) return; // already over: no need to walk deeper
          for (const sel of set.selections) {
            if (sel.kind === Kind.FIELD) {
              if (sel.name.value.startsWith('__')) continue;
              if (sel.alias) aliases++;
              cost += multiplier;
              if (!sel.selectionSet) continue;
              const def = parent && (isObjectType(parent) || isInterfaceType(parent)) ? parent.getFields()[sel.name.value] : undefined;
              const isList = def ? isListType(getNullableType(def.type)) : false;
              const asked = requestedSize(sel.arguments);
              const size = isList ? (asked ?? pagedSize ?? DEFAULT_LIST_SIZE) : 1;
              walk(sel.selectionSet, def ? getNamedType(def.type) : undefined, depth + 1, multiplier * size, seen, isList ? null : (asked ?? pagedSize));
            } else if (sel.kind === Kind.INLINE_FRAGMENT) {
              const t = sel.typeCondition ? schema.getType(sel.typeCondition.name.value) : parent;
              walk(sel.selectionSet, t ?? undefined, depth, multiplier, seen, pagedSize);
            } else {
              const name = sel.name.value;
              const frag = fragments.get(name);
              if (!frag || seen.has(name)) continue; // cycles are reported by NoFragmentCycles
              walk(frag.selectionSet, schema.getType(frag.typeCondition.name.value) ?? undefined, depth, multiplier, new Set([...seen, name]), pagedSize);
            }
          }
        };
        const root = op.operation === 'mutation' ? schema.getMutationType() : op.operation === 'subscription' ? schema.getSubscriptionType() : schema.getQueryType();
        walk(op.selectionSet, root ?? undefined, 1, 1, new Set(), null);
        const name = op.name ? `'${op.name.value}' ` : '';
        if (maxDepth > limits.maxDepth) {
          context.reportError(new GraphQLError(`Operation ${name}is too deep: depth ${maxDepth} exceeds the maximum of ${limits.maxDepth}.`, { nodes: [op], extensions: { code: 'QUERY_TOO_DEEP' } }));
        }
        if (aliases > limits.maxAliases) {
          context.reportError(new GraphQLError(`Operation ${name}uses ${aliases} aliases; the maximum is ${limits.maxAliases}.`, { nodes: [op], extensions: { code: 'TOO_MANY_ALIASES' } }));
        }
        if (cost > limits.maxCost) {
          context.reportError(new GraphQLError(`Operation ${name}is too expensive: cost ${cost} exceeds the maximum of ${limits.maxCost}.`, { nodes: [op], extensions: { code: 'QUERY_TOO_EXPENSIVE' } }));
        }
      },
    };
  };
}
