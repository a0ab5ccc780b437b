/** Display names for the languages of code blocks (PRE paragraphs). */
const LANGUAGE_LABELS: Record<string, string> = {
  bash: 'Bash',
  c: 'C',
  cpp: 'C++',
  csharp: 'C#',
  css: 'CSS',
  diff: 'Diff',
  go: 'Go',
  graphql: 'GraphQL',
  html: 'HTML',
  java: 'Java',
  javascript: 'JavaScript',
  js: 'JavaScript',
  json: 'JSON',
  jsx: 'JSX',
  kotlin: 'Kotlin',
  markdown: 'Markdown',
  php: 'PHP',
  plaintext: 'Plain text',
  py: 'Python',
  python: 'Python',
  r: 'R',
  ruby: 'Ruby',
  rust: 'Rust',
  scss: 'SCSS',
  sh: 'Shell',
  shell: 'Shell',
  sql: 'SQL',
  swift: 'Swift',
  ts: 'TypeScript',
  tsx: 'TSX',
  typescript: 'TypeScript',
  xml: 'XML',
  yaml: 'YAML',
  yml: 'YAML',
};

/**
 * A code block's language as a safe token ('typescript', 'c++' → 'c++') or null.
 * Used in data-lang and a `language-*` class, so it is kept to a small alphabet.
 */
export function normalizeCodeLanguage(lang: string | undefined | null): string | null {
  if (typeof lang !== 'string') return null;
  const token = lang.trim().toLowerCase();
  return /^[a-z0-9][a-z0-9+#._-]{0,31}$/.test(token) ? token : null;
}

export function codeLanguageLabel(lang: string): string {
  return LANGUAGE_LABELS[lang] ?? lang;
}
