import fc from 'fast-check';
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  isUnionType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLSchema,
} from 'graphql';

/**
 * Random GraphQL operations over the real schema, valid and not: each picks a root field,
 * gives its arguments values (well-typed, wrong, missing, or text the database cannot
 * store), selects fields a few levels deep (through fragments, aliases and directives), and
 * is sometimes mangled (cut short, doubled, a fragment bomb, over-deep, over-long).
 */

export interface FuzzOperation {
  kind: 'query' | 'mutation';
  query: string;
  variables: Record<string, unknown>;
  operationName: string | null;
  /** How the document was built: a valid shape, or which way it was broken. */
  recipe: string;
}

type Gen = fc.GeneratorValue;

/** Ids that exist in the fuzzed database, so some operations reach real rows. */
export interface KnownIds {
  users: string[];
  posts: string[];
  usernames: string[];
}

const STRINGS = ['ab', '', ' ', 'x'.repeat(300), 'Ünïcödé 😀', '<script>alert(1)</script>', "' or 1=1 --", '%00', '../../etc/passwd', 'a\u0000b', '\u0000', 'tag-1', 'https://example.com/x', 'javascript:alert(1)'];
const INTS = [0, 1, -1, 2, 10, 100, 101, 2 ** 31 - 1, -(2 ** 31), 1e6];

function pick<T>(g: Gen, items: readonly T[]): T {
  return items[g(fc.nat, { max: items.length - 1 })]!;
}
const chance = (g: Gen, p: number) => g(fc.double, { min: 0, max: 1, noNaN: true }) < p;

function stringValue(g: Gen, ids: KnownIds, variable: boolean): string {
  const pool = [...STRINGS, ...ids.users, ...ids.posts, ...ids.usernames];
  // Lone surrogates only travel in JSON variables: a GraphQL literal cannot hold one.
  if (variable && chance(g, 0.05)) return pick(g, ['a\ud800', '\udc00b']);
  return chance(g, 0.15) ? g(fc.string, { maxLength: 20, unit: 'binary' }) : pick(g, pool);
}

/** A value for an input type, mostly well-typed; `wrong` values test validation. */
function inputValue(g: Gen, type: GraphQLInputType, ids: KnownIds, variable: boolean, depth = 0): unknown {
  if (chance(g, 0.03)) return pick(g, [null, 'wrong', 12, true, [], {}]);
  if (isNonNullType(type)) return inputValue(g, type.ofType as GraphQLInputType, ids, variable, depth);
  if (isListType(type)) return Array.from({ length: g(fc.nat, { max: 3 }) }, () => inputValue(g, type.ofType as GraphQLInputType, ids, variable, depth));
  if (isEnumType(type)) return pick(g, type.getValues()).value;
  if (isInputObjectType(type)) {
    const out: Record<string, unknown> = {};
    if (depth > 3) return out;
    for (const field of Object.values(type.getFields())) {
      if (isNonNullType(field.type) || chance(g, 0.4)) out[field.name] = inputValue(g, field.type, ids, variable, depth + 1);
    }
    return out;
  }
  switch (type.name) {
    case 'Int':
      return pick(g, INTS);
    case 'Float':
      return pick(g, [...INTS, 0.5, -1.5]);
    case 'Boolean':
      return chance(g, 0.5);
    default:
      return stringValue(g, ids, variable);
  }
}

/** A GraphQL literal for a JSON value (strings escaped as JSON, which GraphQL reads alike). */
function literal(value: unknown, type: GraphQLInputType): string {
  if (value === null) return 'null';
  const named = getNamedType(type);
  if (Array.isArray(value)) return `[${value.map((v) => literal(v, isListType(type) ? (type.ofType as GraphQLInputType) : isNonNullType(type) && isListType(type.ofType) ? (type.ofType.ofType as GraphQLInputType) : type)).join(', ')}]`;
  if (typeof value === 'object') {
    const fields = isInputObjectType(named) ? named.getFields() : {};
    return `{ ${Object.entries(value as Record<string, unknown>).map(([k, v]) => `${k}: ${literal(v, fields[k]?.type ?? type)}`).join(', ')} }`;
  }
  if (isEnumType(named) && typeof value === 'string' && /^[A-Z_][A-Z0-9_]*$/i.test(value)) return value;
  return JSON.stringify(value);
}

/** A selection of the type's fields, `depth` levels down. */
function selection(g: Gen, schema: GraphQLSchema, type: GraphQLNamedType, ids: KnownIds, depth: number, fragments: string[]): string {
  if (isLeafType(type)) return '';
  if (isUnionType(type) || isInterfaceType(type)) {
    const possible = schema.getPossibleTypes(type);
    const parts = ['__typename'];
    for (const t of possible.slice(0, 3)) if (chance(g, 0.5)) parts.push(`... on ${t.name} ${selection(g, schema, t, ids, depth, fragments) || '{ __typename }'}`);
    return `{ ${parts.join(' ')} }`;
  }
  const obj = type as GraphQLObjectType;
  const fields = Object.values(obj.getFields());
  const chosen = new Set<GraphQLField<unknown, unknown>>();
  const count = 1 + g(fc.nat, { max: 4 });
  for (let i = 0; i < count; i++) chosen.add(pick(g, fields));
  const parts: string[] = [];
  for (const field of chosen) {
    const named = getNamedType(field.type);
    if (!isLeafType(named) && depth <= 0) continue;
    const alias = chance(g, 0.1) ? `a${g(fc.nat, { max: 99 })}: ` : '';
    const args = field.args.filter((a) => isNonNullType(a.type) || chance(g, 0.2)).map((a) => `${a.name}: ${literal(inputValue(g, a.type, ids, false), a.type)}`);
    const sub = isLeafType(named) ? '' : ` ${selection(g, schema, named, ids, depth - 1, fragments) || '{ __typename }'}`;
    const skip = chance(g, 0.05) ? ' @skip(if: false)' : '';
    parts.push(`${alias}${field.name}${args.length ? `(${args.join(', ')})` : ''}${skip}${sub}`);
  }
  if (parts.length === 0) parts.push('__typename');
  const body = parts.join(' ');
  // Sometimes through a named fragment, defined once and spread once or twice.
  if (chance(g, 0.1)) {
    const name = `F${fragments.length}`;
    fragments.push(`fragment ${name} on ${obj.name} { ${body} }`);
    return `{ ...${name}${chance(g, 0.3) ? ` ...${name}` : ''} }`;
  }
  return `{ ${body} }`;
}

function rootOperation(g: Gen, schema: GraphQLSchema, ids: KnownIds): FuzzOperation {
  const kind = chance(g, 0.6) ? 'query' : 'mutation';
  const root = kind === 'query' ? schema.getQueryType()! : schema.getMutationType()!;
  const field = pick(g, Object.values(root.getFields()));
  const variables: Record<string, unknown> = {};
  const defs: string[] = [];
  const args: string[] = [];
  for (const arg of field.args) {
    const required = isNonNullType(arg.type);
    if (!required && chance(g, 0.5)) continue;
    if (required && chance(g, 0.03)) continue; // missing on purpose
    const asVariable = chance(g, 0.5);
    const value = inputValue(g, arg.type, ids, asVariable);
    if (asVariable) {
      defs.push(`$${arg.name}: ${arg.type.toString()}`);
      args.push(`${arg.name}: $${arg.name}`);
      variables[arg.name] = value;
    } else {
      args.push(`${arg.name}: ${literal(value, arg.type)}`);
    }
  }
  const fragments: string[] = [];
  const named = getNamedType(field.type);
  const sub = isObjectType(named) || isInterfaceType(named) || isUnionType(named) ? ` ${selection(g, schema, named, ids, g(fc.nat, { max: 3 }), fragments)}` : '';
  const name = chance(g, 0.7) ? `Op${g(fc.nat, { max: 999 })}` : null;
  const head = `${kind}${name ? ` ${name}` : ''}${defs.length ? `(${defs.join(', ')})` : ''}`;
  const query = [`${head} { ${field.name}${args.length ? `(${args.join(', ')})` : ''}${sub} }`, ...fragments].join('\n');
  return { kind, query, variables, operationName: name, recipe: `${kind} ${field.name}` };
}

/** Ways to break a document, each a class of abuse the endpoint must refuse cheaply. */
const MANGLES: Record<string, (op: FuzzOperation, g: Gen) => FuzzOperation> = {
  truncated: (op, g) => ({ ...op, query: op.query.slice(0, g(fc.nat, { max: op.query.length })) }),
  unknownField: (op) => ({ ...op, query: op.query.replace('{', '{ noSuchField ') }),
  twoOperations: (op) => ({ ...op, query: `${op.query}\nquery Other { isLoggedIn }` }),
  fragmentBomb: (op, g) => {
    const n = 20 + g(fc.nat, { max: 30 });
    const defs = Array.from({ length: n }, (_, i) => `fragment B${i} on Query { isLoggedIn ${i + 1 < n ? `...B${i + 1} ...B${i + 1}` : ''} }`);
    return { ...op, kind: 'query', query: `query Bomb { ...B0 }\n${defs.join('\n')}`, variables: {}, operationName: 'Bomb' };
  },
  tooDeep: (op) => {
    let sel = 'id';
    for (let i = 0; i < 20; i++) sel = `creator { homepagePostsConnection(paging: { limit: 1 }) { items { ${sel} } } }`;
    return { ...op, kind: 'query', query: `{ staffPicksFeed(paging: { limit: 1 }) { items { ${sel} } } }`, variables: {}, operationName: null };
  },
  manyAliases: (op) => ({ ...op, kind: 'query', query: `{ ${Array.from({ length: 200 }, (_, i) => `a${i}: isLoggedIn`).join(' ')} }`, variables: {}, operationName: null }),
  tooManyTokens: (op) => ({ ...op, kind: 'query', query: `{ ${'__typename '.repeat(3_500)} }`, variables: {}, operationName: null }),
  tooLong: (op) => ({ ...op, query: `${op.query}\n#${'x'.repeat(40_000)}` }),
  nulInComment: (op) => ({ ...op, query: `${op.query}\n# \u0000` }),
  nulInBlockString: (op) => ({ ...op, query: op.query.replace(/"([^"\\]*)"/, '"""$1\u0000"""') }),
  wrongOperationName: (op) => ({ ...op, operationName: 'NoSuchOperation' }),
};

/** One operation: mostly from the schema, a quarter mangled one way or another. */
export function operationArbitrary(schema: GraphQLSchema, ids: KnownIds): fc.Arbitrary<FuzzOperation> {
  return fc.gen().map((g) => {
    const op = rootOperation(g, schema, ids);
    if (!chance(g, 0.25)) return op;
    const mangle = pick(g, Object.keys(MANGLES));
    return { ...MANGLES[mangle]!(op, g), recipe: `${op.recipe} (${mangle})` };
  });
}
