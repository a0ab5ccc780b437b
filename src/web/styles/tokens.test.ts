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

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe('text colours are readable on what they are drawn on (WCAG AA)', () => {
  // [text token, background token, minimum ratio]: 4.5 for body text, 3 for large text (24px, or 19px bold).
  const pairs: [string, string, number][] = [
    ['color-text', 'color-background', 4.5],
    ['color-text-strong', 'color-background', 4.5],
    ['color-text-secondary', 'color-background', 4.5],
    ['color-text-tertiary', 'color-background', 4.5],
    ['color-text-secondary', 'color-surface-muted', 4.5],
    ['color-accent', 'color-background', 4.5],
    ['color-error', 'color-background', 4.5],
    ['color-accent-strong', 'color-accent-soft', 4.5],
    ['color-text-secondary', 'color-accent-soft', 4.5],
    ['color-text-inverse', 'color-button', 4.5],
    ['color-text-inverse', 'color-accent', 4.5],
    ['color-avatar-initials', 'color-avatar-placeholder', 4.5],
    ['color-rank', 'color-background', 3],
  ];
  it.each(pairs)('--%s on --%s: at least %s:1', (text, background, minimum) => {
    const [fg, bg] = [cssVar(text), cssVar(background)];
    expect(fg).toMatch(/^#[0-9a-f]{6}$/i);
    expect(bg).toMatch(/^#[0-9a-f]{6}$/i);
    expect(contrast(fg!, bg!)).toBeGreaterThanOrEqual(minimum);
  });
});
