import fc from 'fast-check';
import { buildSchema, Kind, parse, specifiedRules, validate, visit, type DocumentNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { queryLimitsRule } from './limits.js';
import { typeDefs } from './schema.js';

const schema = buildSchema(typeDefs);
const limits = { maxDepth: 12, maxAliases: 30, maxCost: 20_000 };
const rules = [...specifiedRules, queryLimitsRule(limits)];

/**
 * Validates with every rule the endpoint runs and counts the reads of selection lists: the
 * work validation does, measured without a clock. Each selection set of the document is
 * wrapped so reading its `selections` is counted.
 */
function validationWork(document: DocumentNode): { reads: number; messages: string[] } {
  let reads = 0;
  const counted = visit(document, {
    [Kind.SELECTION_SET]: {
      leave: (node) =>
        new Proxy(node, {
          get(target, key, receiver) {
            if (key === 'selections') reads++;
            return Reflect.get(target, key, receiver);
          },
        }),
    },
  });
  const errors = validate(schema, counted, rules);
  return { reads, messages: errors.map((e) => e.message) };
}

/** Fragment i spreads fragment i+1 `fanOut` times, in the shapes an attacker would pick. */
const shapes = {
  /** Spread twice side by side in one selection set. */
  sideBySide: (i: number, next: string) => `fragment F${i} on Query { isLoggedIn ${next} ${next} }`,
  /** Spread under two aliases of a field, so the response really doubles. */
  underAliases: (i: number, next: string) => `fragment F${i} on Query { a${i}: staffPicksFeed(paging: { limit: 1 }) { __typename } ${next} b${i}: isLoggedIn ${next} }`,
  /** Spread inside inline fragments. */
  inline: (i: number, next: string) => `fragment F${i} on Query { ... on Query { ${next} } ... on Query { ${next} isLoggedIn } }`,
};

function fragmentChain(shape: keyof typeof shapes, length: number): string {
  const defs = Array.from({ length }, (_, i) => shapes[shape](i, i + 1 < length ? `...F${i + 1}` : 'isLoggedIn'));
  return `query Q { ...F0 }\n${defs.join('\n')}`;
}

describe('query limits on fragments that spread each other', () => {
  it('does work linear in the document: doubling the fragments doubles the reads, not squares them', () => {
    fc.assert(
      fc.property(fc.constantFrom(...(Object.keys(shapes) as (keyof typeof shapes)[])), fc.integer({ min: 4, max: 12 }), (shape, n) => {
        const small = validationWork(parse(fragmentChain(shape, n)));
        const large = validationWork(parse(fragmentChain(shape, 2 * n)));
        // Linear: about twice the reads; the old expansion made it 2^n times.
        expect(large.reads / small.reads, `${shape} ×${n}`).toBeLessThan(3);
      }),
      { numRuns: 30 },
    );
  });

  it('refuses a document under 2 KB that doubles 36 times, after reading it a few times over', () => {
    const text = fragmentChain('sideBySide', 36);
    expect(text.length).toBeLessThan(2_048);
    const { reads, messages } = validationWork(parse(text));
    expect(messages.some((m) => /is too expensive: cost \d.* exceeds the maximum of 20000\./.test(m))).toBe(true);
    expect(reads).toBeLessThan(36 * 36);
  });

  it('counts a fragment as often as it is spread (cost and aliases, not just once)', () => {
    const doc = parse('query Q { ...A ...A } fragment A on Query { x: isLoggedIn y: isLoggedIn }');
    const { messages } = validationWork(doc);
    expect(messages).toEqual([]);
    const over = validate(schema, doc, [queryLimitsRule({ ...limits, maxAliases: 3 })]);
    expect(over.map((e) => e.message)).toEqual(["Operation 'Q' uses 4 aliases; the maximum is 3."]);
  });

  it('still measures depth through fragments, and not through introspection', () => {
    let selection = 'id';
    for (let i = 0; i < 8; i++) selection = `creator { ...on User { homepagePostsConnection(paging: { limit: 1 }) { items { ${selection} } } } }`;
    const deep = validationWork(parse(`query D { ...P } fragment P on Query { post(id: "x") { ${selection} } }`));
    expect(deep.messages.some((m) => /'D' is too deep: depth 26 exceeds/.test(m))).toBe(true);
    const typeRef = Array.from({ length: 10 }).reduce<string>((inner) => `ofType { name ${inner} }`, 'name');
    const introspection = validationWork(parse(`{ __schema { types { fields { type { ${typeRef} } } } } }`));
    expect(introspection.messages).toEqual([]);
  });
});
