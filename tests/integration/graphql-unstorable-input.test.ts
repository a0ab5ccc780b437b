import {
  astFromValue,
  buildSchema,
  getNamedType,
  isCompositeType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  print,
  type GraphQLField,
  type GraphQLInputType,
} from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { UNSTORABLE_INPUT_CODE } from '../../src/server/graphql/storable-input.js';
import { typeDefs } from '../../src/server/graphql/schema.js';
import { createTestApp, TEST_HOST, type TestApp } from '../support/app.js';
import { newReader, type Reader } from '../support/readers.js';

/**
 * Every argument of every query and mutation, and every string inside it (input object
 * fields and list items, two levels deep), is sent with text PostgreSQL cannot keep, as a
 * variable and as an inline literal. Each must be refused at the edge with BAD_USER_INPUT,
 * never reach a resolver (which used to fail in the database: "invalid byte sequence").
 */

const schema = buildSchema(typeDefs);
const MAX_INPUT_DEPTH = 3;

/** A value of the type with only its required parts, each a plain valid-looking value. */
function minimalValue(type: GraphQLInputType, depth = 0): unknown {
  if (isNonNullType(type)) return minimalValue(type.ofType as GraphQLInputType, depth);
  if (isListType(type)) return [minimalValue(type.ofType as GraphQLInputType, depth)];
  if (isEnumType(type)) return type.getValues()[0]!.value;
  if (isInputObjectType(type)) {
    const out: Record<string, unknown> = {};
    if (depth >= MAX_INPUT_DEPTH) return out;
    for (const field of Object.values(type.getFields())) {
      if (isNonNullType(field.type) && field.defaultValue === undefined) out[field.name] = minimalValue(field.type, depth + 1);
    }
    return out;
  }
  return { String: 'x', ID: '000000000000', Int: 1, Float: 1, Boolean: false }[type.name] ?? 'x';
}

/** The argument's value with `text` at each string position in turn (required parts filled in). */
function* withTextAtEachString(type: GraphQLInputType, text: string, depth = 0): Generator<unknown> {
  if (isNonNullType(type)) return yield* withTextAtEachString(type.ofType as GraphQLInputType, text, depth);
  if (isListType(type)) {
    for (const item of withTextAtEachString(type.ofType as GraphQLInputType, text, depth)) yield [item];
    return;
  }
  if (isInputObjectType(type)) {
    if (depth >= MAX_INPUT_DEPTH) return;
    const base = minimalValue(type, depth) as Record<string, unknown>;
    for (const field of Object.values(type.getFields())) {
      for (const value of withTextAtEachString(field.type, text, depth + 1)) yield { ...base, [field.name]: value };
    }
    return;
  }
  const named = getNamedType(type);
  if (named.name === 'String' || named.name === 'ID') yield text;
}

interface Case {
  label: string;
  body: { query: string; variables?: Record<string, unknown> };
}

function casesFor(kind: 'query' | 'mutation', field: GraphQLField<unknown, unknown>, text: string, inline: boolean): Case[] {
  const selection = isCompositeType(getNamedType(field.type)) ? ' { __typename }' : '';
  const cases: Case[] = [];
  for (const arg of field.args) {
    for (const value of withTextAtEachString(arg.type, text)) {
      const others = field.args.filter((a) => a !== arg && isNonNullType(a.type) && a.defaultValue === undefined);
      const values: Record<string, unknown> = { [arg.name]: value };
      for (const o of others) values[o.name] = minimalValue(o.type);
      const label = `${kind} ${field.name}(${arg.name}: ${JSON.stringify(value)}) ${inline ? 'inline' : 'variables'}`;
      if (inline) {
        const args = Object.entries(values).map(([name, v]) => `${name}: ${print(astFromValue(v, field.args.find((a) => a.name === name)!.type)!)}`);
        cases.push({ label, body: { query: `${kind} { ${field.name}(${args.join(', ')})${selection} }` } });
      } else {
        const defs = Object.keys(values).map((name) => `$${name}: ${field.args.find((a) => a.name === name)!.type.toString()}`);
        const args = Object.keys(values).map((name) => `${name}: $${name}`);
        cases.push({ label, body: { query: `${kind}(${defs.join(', ')}) { ${field.name}(${args.join(', ')})${selection} }`, variables: values } });
      }
    }
  }
  return cases;
}

const roots = [
  ['query', schema.getQueryType()!],
  ['mutation', schema.getMutationType()!],
] as const;

function allCases(text: string, modes: boolean[]): Case[] {
  return roots.flatMap(([kind, type]) => Object.values(type.getFields()).flatMap((field) => modes.flatMap((inline) => casesFor(kind, field, text, inline))));
}

describe('text the database cannot store, in any argument', () => {
  let t: TestApp;
  let reader: Reader;
  beforeAll(async () => {
    t = await createTestApp();
    reader = await newReader(t);
  });

  const send = (body: Case['body']) =>
    t.app.inject({ method: 'POST', url: '/_/graphql', headers: { host: TEST_HOST, 'content-type': 'application/json', cookie: `sid=${reader.browser.jar.get('sid')}` }, payload: JSON.stringify(body) });

  // Lone surrogates cannot be written in a GraphQL string literal (a syntax error), only in JSON variables.
  it.each([
    { what: 'NUL', text: 'a\u0000b', modes: [false, true] },
    { what: 'a lone high surrogate', text: 'a\ud800b', modes: [false] },
    { what: 'a lone low surrogate', text: '\udc00', modes: [false] },
  ])('refuses $what in every string argument with BAD_USER_INPUT, before any resolver runs', async ({ text, modes }) => {
    const cases = allCases(text, modes);
    expect(cases.length).toBeGreaterThan(100);
    const before = t.logs.length;
    for (const c of cases) {
      const res = await send(c.body);
      const body = res.json() as { errors?: { extensions?: { code?: string } }[] };
      expect(res.statusCode, `${c.label}: ${res.body.slice(0, 200)}`).toBe(400);
      expect(body.errors?.[0]?.extensions?.code, c.label).toBe(UNSTORABLE_INPUT_CODE);
    }
    expect(t.logs.slice(before).filter((l) => l.level >= 50)).toEqual([]);
  });

  it('lets the same operations through to their resolvers with storable text (the cases are valid requests)', async () => {
    const cases = allCases('ab', [false]);
    let reachedResolver = 0;
    for (const c of cases) {
      const res = await send(c.body);
      expect(res.statusCode, c.label).toBeLessThan(500);
      const body = res.json() as { data?: unknown; errors?: { path?: unknown }[] };
      // A resolver ran when there is data, or an error of its own (errors from resolvers carry a path).
      if (body.data || body.errors?.[0]?.path) reachedResolver++;
    }
    expect(reachedResolver / cases.length).toBeGreaterThan(0.9);
  });

  it.each([
    { url: '/feed/@a%00b', status: 400 },
    // Escapes that are not UTF-8 do not decode to a path at all: the not-found page, as for any broken escape.
    { url: '/feed/@a%ED%A0%80', status: 404 },
    { url: '/media/%00', status: 400 },
    { url: '/m/callback/email?token=a%00', status: 400 },
    { url: '/m/account/confirm/%00', status: 400 },
    // Pages answer with their own not-found page.
    { url: '/@a%00b', status: 404 },
    { url: '/@a%00b/followers', status: 404 },
    { url: '/tag/a%00', status: 404 },
  ])('answers $url with $status, before the database is asked', async ({ url, status }) => {
    const before = t.logs.length;
    const res = await t.app.inject({ method: 'GET', url, headers: { host: TEST_HOST } });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(status);
    expect(t.logs.slice(before).filter((l) => l.level >= 50)).toEqual([]);
  });
});
