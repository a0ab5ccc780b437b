/** A small padlock: the mark of a private list. */
export function LockIcon({ size = 16, label }: { size?: number; label?: string }) {
  return (
    <svg width={size} height={size} viewBox="0 0 16 16" fill="currentColor" role={label ? 'img' : undefined} aria-label={label} aria-hidden={label ? undefined : true} focusable="false">
      <path d="M5 6.5V5a3 3 0 1 1 6 0v1.5h.5A1.5 1.5 0 0 1 13 8v5a1.5 1.5 0 0 1-1.5 1.5h-7A1.5 1.5 0 0 1 3 13V8a1.5 1.5 0 0 1 1.5-1.5zm1 0h4V5a2 2 0 1 0-4 0zm-1.5 1a.5.5 0 0 0-.5.5v5a.5.5 0 0 0 .5.5h7a.5.5 0 0 0 .5-.5V8a.5.5 0 0 0-.5-.5z" />
    </svg>
  );
}
