import fs from 'node:fs';
import path from 'node:path';
import { Kind, Lexer, print, Source, TokenKind, type DocumentNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { admitGraphqlRequest, ONE_OPERATION_MESSAGE } from './admission.js';
import { CSRF_HEADER, CSRF_MUTATION_MESSAGE } from './csrf.js';

const config = loadConfig({ NODE_ENV: 'test', PORT: '3000' });
const limits = { maxChars: config.GRAPHQL_MAX_DOCUMENT_CHARS, maxTokens: config.GRAPHQL_MAX_TOKENS };
const json = { 'content-type': 'application/json' };
const post = (body: unknown, headers: Record<string, string> = json) => admitGraphqlRequest({ method: 'POST', headers, body, query: {} }, limits);
const get = (query: Record<string, unknown>) => admitGraphqlRequest({ method: 'GET', headers: {}, body: undefined, query }, limits);
const refusal = (verdict: ReturnType<typeof admitGraphqlRequest>) => ('refusal' in verdict ? verdict.refusal : null);

function tokenCount(text: string): number {
  const lexer = new Lexer(new Source(text));
  let n = 0;
  while (lexer.advance().kind !== TokenKind.EOF) n++;
  return n;
}

describe('the GraphQL gate', () => {
  it('refuses documents past the token or size limit before parsing them (413)', () => {
    const tokens = refusal(post({ query: `{ ${'__typename '.repeat(limits.maxTokens)} }` }));
    expect(tokens).toMatchObject({ status: 413, code: 'QUERY_TOO_LARGE' });
    const chars = refusal(post({ query: `{ isLoggedIn }#${'x'.repeat(limits.maxChars)}` }));
    expect(chars).toMatchObject({ status: 413, code: 'QUERY_TOO_LARGE' });
  });

  it('leaves room for every document the client sends, several times over', async () => {
    const dir = path.join(import.meta.dirname, '../../web/graphql');
    let largest = 0;
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      const module = (await import(path.join(dir, file))) as Record<string, unknown>;
      for (const value of Object.values(module)) {
        if ((value as DocumentNode | null)?.kind !== Kind.DOCUMENT) continue;
        const text = print(value as DocumentNode);
        largest = Math.max(largest, tokenCount(text));
        expect(text.length * 4).toBeLessThan(limits.maxChars);
      }
    }
    expect(largest).toBeGreaterThan(50);
    expect(largest * 4).toBeLessThan(limits.maxTokens);
  });

  it('refuses a document of two operations, whichever it names', () => {
    for (const operationName of ['A', 'B', null]) {
      expect(refusal(post({ query: 'query A { isLoggedIn } query B { isLoggedIn }', operationName }))).toMatchObject({ status: 400, message: ONE_OPERATION_MESSAGE });
    }
  });

  it('refuses mutations over GET (405), and GET parameters given twice or of the wrong kind (400)', () => {
    expect(refusal(get({ query: 'mutation { _ }' }))).toMatchObject({ status: 405, message: CSRF_MUTATION_MESSAGE, headers: { allow: 'POST' } });
    expect(refusal(get({ query: ['{ isLoggedIn }', '{ isLoggedIn }'] }))).toMatchObject({ status: 400 });
    expect(refusal(get({ query: '{ isLoggedIn }', variables: '[1]' }))).toMatchObject({ status: 400 });
    expect(refusal(get({ query: '{ isLoggedIn }', variables: '{"a":"\\u0000"}' }))).toMatchObject({ status: 400, code: 'BAD_USER_INPUT' });
    expect(get({ query: '{ isLoggedIn }', variables: '{"a":1}', operationName: '' })).not.toHaveProperty('refusal');
  });

  it('lets a mutation through from JSON or with the custom header, and from nothing else', () => {
    const body = { query: 'mutation { _ }' };
    expect(post(body)).toEqual({ body });
    expect(post(JSON.stringify(body), { 'content-type': 'text/plain', [CSRF_HEADER]: 'X' })).toEqual({ body });
    expect(refusal(post(JSON.stringify(body), { 'content-type': 'text/plain' }))).toMatchObject({ status: 400, code: 'CSRF_REFUSED' });
    expect(refusal(post(body, { 'content-type': 'text/plain; charset=utf-8' }))).toMatchObject({ status: 400, code: 'CSRF_REFUSED' });
  });
});
