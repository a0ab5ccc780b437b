import { parsePattern, pathSegments, type Segment } from './pattern.js';
import type { RouteDef, RouteParams } from './types.js';

export interface CompiledRoute {
  readonly def: RouteDef;
  readonly segments: readonly Segment[];
  readonly paramNames: readonly string[];
}

export interface TableMatch {
  route: CompiledRoute;
  /** Decoded pattern params only (no defaults). */
  params: RouteParams;
}

export interface RouteTable {
  readonly routes: readonly CompiledRoute[];
  get(name: string): CompiledRoute | undefined;
  match(url: string): TableMatch | null;
  matchSegments(segments: readonly string[]): TableMatch | null;
  /** Literal first segments: words a slug served at the root (a publication's) must not take. */
  readonly rootLiterals: ReadonlySet<string>;
}

/**
 * A segment trie: a match walks one node per segment, so its cost grows with the path's depth and
 * not with the number of routes. Children are tried literal first, then prefixed params ('@'),
 * then plain params, then a catch-all, backtracking when a branch dead-ends.
 */
interface TrieNode {
  literals: Map<string, TrieNode>;
  prefixed: Array<{ prefix: string; node: TrieNode }>;
  param?: TrieNode;
  rest?: CompiledRoute;
  route?: CompiledRoute;
}

const newNode = (): TrieNode => ({ literals: new Map(), prefixed: [] });

function ambiguity(a: CompiledRoute, b: CompiledRoute): Error {
  return new Error(
    `Ambiguous route patterns: "${a.def.name}" (${a.def.pattern}) and "${b.def.name}" (${b.def.pattern}) match the same paths.`,
  );
}

function insert(root: TrieNode, route: CompiledRoute): void {
  let node = root;
  for (const seg of route.segments) {
    if (seg.kind === 'rest') {
      if (node.rest) throw ambiguity(node.rest, route);
      node.rest = route;
      return;
    }
    if (seg.kind === 'literal') {
      let child = node.literals.get(seg.value);
      if (!child) node.literals.set(seg.value, (child = newNode()));
      node = child;
    } else if (seg.prefix === '') {
      node = node.param ??= newNode();
    } else {
      let entry = node.prefixed.find((p) => p.prefix === seg.prefix);
      if (!entry) {
        entry = { prefix: seg.prefix, node: newNode() };
        node.prefixed.push(entry);
        // The most specific prefix is tried first.
        node.prefixed.sort((x, y) => y.prefix.length - x.prefix.length);
      }
      node = entry.node;
    }
  }
  if (node.route) throw ambiguity(node.route, route);
  node.route = route;
}

function walk(node: TrieNode, segs: readonly string[], i: number): CompiledRoute | undefined {
  if (i === segs.length) return node.route;
  const seg = segs[i]!;
  const literal = node.literals.get(seg);
  if (literal) {
    const found = walk(literal, segs, i + 1);
    if (found) return found;
  }
  if (seg !== '') {
    for (const { prefix, node: child } of node.prefixed) {
      if (seg.length > prefix.length && seg.startsWith(prefix)) {
        const found = walk(child, segs, i + 1);
        if (found) return found;
      }
    }
    if (node.param) {
      const found = walk(node.param, segs, i + 1);
      if (found) return found;
    }
  }
  if (node.rest) {
    for (let j = i; j < segs.length; j++) if (segs[j] === '') return undefined;
    return node.rest;
  }
  return undefined;
}

function extractParams(route: CompiledRoute, segs: readonly string[]): RouteParams {
  const params: RouteParams = {};
  route.segments.forEach((seg, i) => {
    if (seg.kind === 'param') params[seg.name] = segs[i]!.slice(seg.prefix.length);
    else if (seg.kind === 'rest') params[seg.name] = segs.slice(i).join('/');
  });
  return params;
}

function validateRedirect(route: CompiledRoute, byName: Map<string, CompiledRoute>): void {
  const { redirect, name, defaults } = route.def;
  if (!redirect) return;
  const target = byName.get(redirect.to);
  if (!target) throw new Error(`Route "${name}" redirects to "${redirect.to}", which is not in the same table.`);
  if (typeof redirect.params === 'function') return;
  const available = new Set([...route.paramNames, ...Object.keys(defaults ?? {})]);
  for (const param of target.paramNames) {
    const source = redirect.params?.[param] ?? param;
    if (!available.has(source)) {
      throw new Error(`Route "${name}" redirects to "${redirect.to}" but has no param "${source}" for its "${param}".`);
    }
  }
}

/**
 * Compiles route definitions into a matcher. Throws at build time on duplicate names, ambiguous
 * patterns (same segment shape, e.g. '/{a}/x' and '/{b}/x'), defaults that shadow a path param and
 * redirects whose target is missing, so a bad table fails at start-up and not on a request.
 */
export function createRouteTable(defs: readonly RouteDef[]): RouteTable {
  const root = newNode();
  const byName = new Map<string, CompiledRoute>();
  const routes: CompiledRoute[] = [];
  const rootLiterals = new Set<string>();

  for (const def of defs) {
    const segments = parsePattern(def.pattern);
    const paramNames = segments.flatMap((s) => (s.kind === 'literal' ? [] : [s.name]));
    const route: CompiledRoute = Object.freeze({ def, segments, paramNames });
    const existing = byName.get(def.name);
    if (existing) throw new Error(`Duplicate route name "${def.name}" (${existing.def.pattern} and ${def.pattern}).`);
    for (const key of Object.keys(def.defaults ?? {})) {
      if (paramNames.includes(key)) throw new Error(`Route "${def.name}" has a default for its path param "${key}".`);
    }
    insert(root, route);
    byName.set(def.name, route);
    routes.push(route);
    const first = segments[0];
    if (first?.kind === 'literal') rootLiterals.add(first.value);
  }
  for (const route of routes) validateRedirect(route, byName);

  const matchSegments = (segs: readonly string[]): TableMatch | null => {
    const route = walk(root, segs, 0);
    return route ? { route, params: extractParams(route, segs) } : null;
  };

  return {
    routes,
    get: (name) => byName.get(name),
    matchSegments,
    match: (url) => matchSegments(pathSegments(url)),
    rootLiterals,
  };
}
