/** Two clapping hands with sparks: outlined until the viewer has clapped, filled after. */
export function ClapGlyph({ filled }: { filled: boolean }) {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false" data-filled={filled ? '' : undefined}>
      <g stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" strokeLinejoin="round">
        <path d="M12 1.8v2.4M8.2 2.9l1.1 2M15.8 2.9l-1.1 2" fill="none" />
        <rect x="5.6" y="7.4" width="6.6" height="13.2" rx="3.3" transform="rotate(-18 8.9 14)" fill={filled ? 'currentColor' : 'none'} />
        <rect
          x="11.6"
          y="7.4"
          width="6.6"
          height="13.2"
          rx="3.3"
          transform="rotate(18 14.9 14)"
          fill={filled ? 'currentColor' : 'var(--color-background, #fff)'}
          stroke={filled ? 'var(--color-background, #fff)' : 'currentColor'}
        />
      </g>
    </svg>
  );
}
