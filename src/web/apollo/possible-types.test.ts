import { buildSchema, isAbstractType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { typeDefs } from '../../server/graphql/schema.js';
import { POSSIBLE_TYPES } from './possible-types.js';

describe('POSSIBLE_TYPES', () => {
  it('lists every union and interface of the server schema with its members', () => {
    const schema = buildSchema(typeDefs);
    const expected: Record<string, string[]> = {};
    for (const type of Object.values(schema.getTypeMap())) {
      if (type.name.startsWith('__') || !isAbstractType(type)) continue;
      expected[type.name] = schema.getPossibleTypes(type).map((t) => t.name).sort();
    }
    const actual = Object.fromEntries(Object.entries(POSSIBLE_TYPES).map(([k, v]) => [k, [...v].sort()]));
    expect(actual).toEqual(expected);
  });
});
