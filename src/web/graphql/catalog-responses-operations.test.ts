import { buildSchema, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { typeDefs } from '../../server/graphql/schema.js';
import * as operations from './catalog-responses-operations.js';

/** The list discussion's documents against the server's schema: a renamed field fails here, not in a reader's browser. */
describe('catalog responses operations', () => {
  const schema = buildSchema(typeDefs);
  it.each(Object.entries(operations))('%s is valid against the schema', (_name, doc) => {
    expect(validate(schema, doc).map((e) => e.message)).toEqual([]);
  });
});
