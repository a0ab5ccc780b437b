import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BREAKPOINTS, LAYOUT, Z_INDEX } from '../../shared/constants';

const here = dirname(fileURLToPath(import.meta.url));
const tokens = readFileSync(join(here, 'tokens.css'), 'utf8');

function cssVar(name: string): string | undefined {
  return new RegExp(`--${name}:\\s*([^;]+);`).exec(tokens)?.[1].trim();
}

const kebab = (s: string) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

function cssFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return cssFiles(path);
    return name.endsWith('.css') ? [path] : [];
  });
}

describe('design tokens mirror src/shared/constants.ts', () => {
  it.each(Object.entries(LAYOUT).filter(([k]) => k !== 'reactivationModalWidth'))('--layout-%s', (key, value) => {
    expect(cssVar(`layout-${kebab(key)}`)).toBe(`${value}px`);
  });

  it.each(Object.entries(Z_INDEX))('--z-%s', (key, value) => {
    expect(cssVar(`z-${key}`)).toBe(String(value));
  });

  it('media queries in shared styles, layouts and components only use the spec breakpoints', () => {
    const allowed = new Set<string>();
    for (const px of Object.values(BREAKPOINTS)) {
      allowed.add(`min-width: ${px}px`);
      allowed.add(`max-width: ${px - 0.02}px`);
      allowed.add(`max-width: ${px - 1}px`);
    }
    const webRoot = join(here, '..');
    const offenders: string[] = [];
    const dirs = ['styles', 'layouts', 'components'].map((d) => join(webRoot, d));
    const files = dirs.flatMap(cssFiles).filter((f) => !f.includes('post-body'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const css = readFileSync(file, 'utf8');
      for (const m of css.matchAll(/@media[^{]*/g)) {
        for (const cond of m[0].matchAll(/\((?:min|max)-width:\s*[\d.]+px\)/g)) {
          const inner = cond[0].slice(1, -1).replace(/\s+/g, ' ');
          if (!allowed.has(inner)) offenders.push(`${file.slice(webRoot.length)}: ${inner}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });
});
