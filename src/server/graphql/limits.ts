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

/** What a selection set adds up to, counted once per list item of the field above it. */
interface Tally {
  /** Fields a response may hold (multiplied by list sizes below). */
  cost: number;
  aliases: number;
  /** Levels of fields below the set's own. */
  height: number;
}

const NOTHING: Tally = { cost: 0, aliases: 0, height: 0 };

/**
 * Depth, alias and cost limits, fragments counted as often as they are spread.
 * Cost is the number of fields a response may hold: each field costs the product of
 * the sizes of the lists above it. A list's size is its limit argument; a connection's
 * paging limit (on a non-list field) sizes the first list below it; otherwise
 * DEFAULT_LIST_SIZE. Introspection (fields under __schema and __type) is counted in
 * cost and aliases with lists of size 1, and not in depth (the standard introspection
 * query is deep by design).
 *
 * The walk is linear in the document: a fragment's tally depends only on the fragment
 * and the paging size it inherits, so it is computed once per pair and reused at each
 * spread. (Expanding spreads instead doubles the work per fragment that spreads
 * another twice: a 2 KB document then blocks the server for seconds.)
 */
export function queryLimitsRule(limits: QueryLimits) {
  return (context: ValidationContext): ASTVisitor => {
    const schema = context.getSchema();
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const def of context.getDocument().definitions) {
      if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
    }
    const fragmentTallies = new Map<string, Tally>();
    const inProgress = new Set<string>();

    const tallyFragment = (name: string, pagedSize: number | null, introspection: boolean): Tally => {
      const frag = fragments.get(name);
      const key = `${name}\u0000${pagedSize}\u0000${introspection}`;
      if (!frag || inProgress.has(key)) return NOTHING; // cycles are reported by NoFragmentCycles
      let tally = fragmentTallies.get(key);
      if (!tally) {
        inProgress.add(key);
        tally = tallySet(frag.selectionSet, schema.getType(frag.typeCondition.name.value) ?? undefined, pagedSize, introspection);
        inProgress.delete(key);
        fragmentTallies.set(key, tally);
      }
      return tally;
    };

    const tallySet = (set: SelectionSetNode, parent: GraphQLNamedType | undefined, pagedSize: number | null, introspection: boolean): Tally => {
      let cost = 0;
      let aliases = 0;
      let height = 0;
      const add = (t: Tally, multiplier: number, levels: number) => {
        cost += t.cost * multiplier;
        aliases += t.aliases * multiplier;
        height = Math.max(height, t.height + levels);
      };
      for (const sel of set.selections) {
        if (sel.kind === Kind.FIELD) {
          if (sel.name.value === '__typename') continue;
          if (sel.alias) aliases++;
          cost += 1;
          if (!sel.selectionSet) continue;
          const below = introspection || sel.name.value.startsWith('__');
          const def = parent && (isObjectType(parent) || isInterfaceType(parent)) ? parent.getFields()[sel.name.value] : undefined;
          const isList = def ? isListType(getNullableType(def.type)) : false;
          const asked = requestedSize(sel.arguments);
          const size = isList && !below ? (asked ?? pagedSize ?? DEFAULT_LIST_SIZE) : 1;
          const child = tallySet(sel.selectionSet, def ? getNamedType(def.type) : undefined, isList ? null : (asked ?? pagedSize), below);
          add(child, size, below ? 0 : 1);
        } else if (sel.kind === Kind.INLINE_FRAGMENT) {
          const t = sel.typeCondition ? schema.getType(sel.typeCondition.name.value) : parent;
          add(tallySet(sel.selectionSet, t ?? undefined, pagedSize, introspection), 1, 0);
        } else {
          add(tallyFragment(sel.name.value, pagedSize, introspection), 1, 0);
        }
      }
      return { cost, aliases, height };
    };

    return {
      OperationDefinition(op) {
        const root = op.operation === 'mutation' ? schema.getMutationType() : op.operation === 'subscription' ? schema.getSubscriptionType() : schema.getQueryType();
        const { cost, aliases, height } = tallySet(op.selectionSet, root ?? undefined, null, false);
        const maxDepth = height + 1;
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
