/**
 * Algolia filter syntax (search.yml `filters`, `numericFilters`, `facetFilters`) parsed into a
 * small tree, then compiled to SQL against an index's filterable attributes (only those; any
 * other attribute is a 400, so a typo never silently matches everything).
 */
import { sql, type SQL } from 'drizzle-orm';
import { SearchRequestError } from './errors.js';
import type { FilterList } from './params.js';

export type FilterNode =
  | { kind: 'and' | 'or'; items: FilterNode[] }
  | { kind: 'not'; item: FilterNode }
  | { kind: 'facet'; attribute: string; value: string }
  | { kind: 'compare'; attribute: string; op: '<' | '<=' | '=' | '!=' | '>=' | '>'; value: number }
  | { kind: 'range'; attribute: string; low: number; high: number };

/** How an attribute filters: an equality on a text column, membership in a text array, or a time in epoch milliseconds. */
export type FilterAttribute = { type: 'text'; column: SQL } | { type: 'array'; column: SQL } | { type: 'time'; column: SQL } | { type: 'number'; column: SQL } | { type: 'bool'; column: SQL };

const TOKEN = /\s*("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|\(|\)|<=|>=|!=|<|>|=|:|[^\s()<>=!:"']+)/y;

function tokenize(text: string): string[] {
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  let m: RegExpExecArray | null;
  while (TOKEN.lastIndex < text.length && (m = TOKEN.exec(text))) tokens.push(m[1]!);
  if (text.slice(TOKEN.lastIndex).trim() !== '') throw new SearchRequestError(`Invalid syntax for filter: unexpected "${text.slice(TOKEN.lastIndex).trim()}".`);
  return tokens;
}

const unquote = (t: string) => (t.startsWith('"') || t.startsWith("'") ? t.slice(1, -1).replace(/\\(.)/g, '$1') : t);
const COMPARATORS = new Set(['<', '<=', '=', '!=', '>=', '>']);

function toNumber(token: string | undefined, where: string): number {
  const n = Number(token === undefined ? NaN : unquote(token));
  if (!Number.isFinite(n)) throw new SearchRequestError(`Invalid syntax for filter: expected a number ${where}.`);
  return n;
}

/** Parses a filters expression: conditions joined by AND / OR / NOT with parentheses. */
export function parseFilters(text: string): FilterNode | null {
  if (text.trim() === '') return null;
  const tokens = tokenize(text);
  let i = 0;
  const peek = () => tokens[i];
  const next = () => tokens[i++];
  const isWord = (t: string | undefined, w: string) => t !== undefined && t.toUpperCase() === w;

  const condition = (): FilterNode => {
    if (isWord(peek(), 'NOT')) {
      next();
      return { kind: 'not', item: condition() };
    }
    if (peek() === '(') {
      next();
      const inner = orExpr();
      if (next() !== ')') throw new SearchRequestError('Invalid syntax for filter: missing ")".');
      return inner;
    }
    const attrToken = next();
    if (attrToken === undefined) throw new SearchRequestError('Invalid syntax for filter: expected a condition.');
    const attribute = unquote(attrToken);
    const op = next();
    if (op === ':') {
      const value = next();
      if (value === undefined) throw new SearchRequestError(`Invalid syntax for filter: expected a value after "${attribute}:".`);
      if (isWord(peek(), 'TO')) {
        next();
        return { kind: 'range', attribute, low: toNumber(value, 'before TO'), high: toNumber(next(), 'after TO') };
      }
      return { kind: 'facet', attribute, value: unquote(value) };
    }
    if (op !== undefined && COMPARATORS.has(op)) return { kind: 'compare', attribute, op: op as '<', value: toNumber(next(), `after "${attribute} ${op}"`) };
    throw new SearchRequestError(`Invalid syntax for filter: expected ":" or a comparison after "${attribute}".`);
  };
  const andExpr = (): FilterNode => {
    const items = [condition()];
    while (isWord(peek(), 'AND')) {
      next();
      items.push(condition());
    }
    return items.length === 1 ? items[0]! : { kind: 'and', items };
  };
  const orExpr = (): FilterNode => {
    const items = [andExpr()];
    while (isWord(peek(), 'OR')) {
      next();
      items.push(andExpr());
    }
    return items.length === 1 ? items[0]! : { kind: 'or', items };
  };
  const tree = orExpr();
  if (i < tokens.length) throw new SearchRequestError(`Invalid syntax for filter: unexpected "${tokens[i]}".`);
  return tree;
}

/** numericFilters / facetFilters: a string, or an array ANDed whose nested arrays are ORed; facets negate with a leading '-'. */
export function parseFilterList(list: FilterList | null, kind: 'numeric' | 'facet'): FilterNode | null {
  if (list === null) return null;
  const one = (text: string): FilterNode => {
    if (kind === 'facet') {
      const negated = text.startsWith('-');
      const body = negated ? text.slice(1) : text;
      const colon = body.indexOf(':');
      if (colon <= 0) throw new SearchRequestError(`Invalid facetFilters: "${text}" is not attribute:value.`);
      const node: FilterNode = { kind: 'facet', attribute: unquote(body.slice(0, colon).trim()), value: unquote(body.slice(colon + 1).trim()) };
      return negated ? { kind: 'not', item: node } : node;
    }
    const node = parseFilters(text);
    if (!node) throw new SearchRequestError('Invalid numericFilters: empty filter.');
    return node;
  };
  if (typeof list === 'string') return one(list);
  const items = list.map((entry): FilterNode => (Array.isArray(entry) ? { kind: 'or', items: entry.map(one) } : one(entry)));
  return items.length === 0 ? null : { kind: 'and', items };
}

const OPS: Record<string, SQL> = { '<': sql`<`, '<=': sql`<=`, '=': sql`=`, '!=': sql`<>`, '>=': sql`>=`, '>': sql`>` };

/** The SQL condition of a tree against `attributes`; an unknown attribute or a misused one is a 400. */
export function compileFilter(node: FilterNode, attributes: Record<string, FilterAttribute>): SQL {
  const attr = (name: string) => {
    const a = attributes[name];
    if (!a) throw new SearchRequestError(`Unknown attribute "${name}" in filters: filterable attributes are ${Object.keys(attributes).join(', ')}.`);
    return a;
  };
  const numeric = (a: FilterAttribute, value: number): SQL => {
    if (a.type === 'time') return sql`to_timestamp(${value}::double precision / 1000)`;
    if (a.type === 'number') return sql`${value}::double precision`;
    throw new SearchRequestError('Invalid filter: numeric comparison on a non-numeric attribute.');
  };
  switch (node.kind) {
    case 'and':
    case 'or':
      return sql`(${sql.join(node.items.map((n) => compileFilter(n, attributes)), node.kind === 'and' ? sql` and ` : sql` or `)})`;
    case 'not':
      return sql`(not ${compileFilter(node.item, attributes)})`;
    case 'facet': {
      const a = attr(node.attribute);
      if (a.type === 'array') return sql`(${a.column} @> array[${node.value}]::text[])`;
      // Written as `=` so an index serves it; `is not null` keeps NOT true for an empty column.
      if (a.type === 'text') return sql`(${a.column} = ${node.value} and ${a.column} is not null)`;
      if (a.type === 'bool') return sql`(${a.column} = ${node.value === 'true'})`;
      return sql`(${a.column} = ${numeric(a, toNumber(node.value, `for "${node.attribute}"`))})`;
    }
    case 'compare': {
      const a = attr(node.attribute);
      return sql`(${a.column} ${OPS[node.op]!} ${numeric(a, node.value)})`;
    }
    case 'range': {
      const a = attr(node.attribute);
      return sql`(${a.column} between ${numeric(a, node.low)} and ${numeric(a, node.high)})`;
    }
  }
}

/** Every filter of the request, ANDed; null when there is none. */
export function requestFilter(parts: (FilterNode | null)[], attributes: Record<string, FilterAttribute>): SQL | null {
  const present = parts.filter((p): p is FilterNode => p !== null);
  if (present.length === 0) return null;
  return compileFilter(present.length === 1 ? present[0]! : { kind: 'and', items: present }, attributes);
}
