import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';

/**
 * Ships the browser its GraphQL documents already parsed. operations.ts writes them with
 * gql`…` for readability; parsing at run time would put graphql's lexer and parser and
 * graphql-tag (~9 KB gzip) into every page. At build time the module is evaluated once
 * in Node and replaced by the documents as JSON (without source locations).
 * The server build and development keep the original module.
 */
export function precompileGraphqlDocuments(modulePath: RegExp): Plugin {
  const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return {
    name: 'inkwell:precompile-graphql-documents',
    apply: 'build',
    transform(_code, id, options) {
      if (options?.ssr || !modulePath.test(id)) return null;
      const script =
        `const m = await import(${JSON.stringify(pathToFileURL(id).href)});` +
        `const out = {};` +
        `for (const [k, v] of Object.entries(m)) out[k] = JSON.parse(JSON.stringify(v, (key, val) => (key === 'loc' ? undefined : val)));` +
        `process.stdout.write(JSON.stringify(out));`;
      const json = execFileSync(process.execPath, ['--import', tsxLoader, '--input-type=module', '-e', script], { encoding: 'utf8' });
      const documents = JSON.parse(json) as Record<string, unknown>;
      const code = Object.entries(documents)
        .map(([name, doc]) => `export const ${name} = /*#__PURE__*/ JSON.parse(${JSON.stringify(JSON.stringify(doc))});`)
        .join('\n');
      return { code, map: null };
    },
  };
}
