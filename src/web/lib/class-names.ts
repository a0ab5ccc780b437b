/** Joins truthy class names: cx(styles.a, active && styles.b). */
export function cx(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(' ');
}
