/** Spec §5: remove accents, lowercase, drop non-alphanumerics, join words with hyphens. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .join('-');
}

/** Spec §5: the first word only when the name has at most one space. */
export function firstName(fullName: string): string {
  const trimmed = fullName.trim();
  const spaces = (trimmed.match(/ /g) ?? []).length;
  return spaces <= 1 ? (trimmed.split(' ')[0] ?? trimmed) : trimmed;
}
