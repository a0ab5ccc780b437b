// Plain-text tables for the terminal.

/** Renders rows (arrays of strings) under headers; `align` holds 'l' or 'r' per column. */
export function table(headers, rows, align = []) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i] ?? '').length)));
  const cell = (value, i) => {
    const text = String(value ?? '');
    return align[i] === 'r' ? text.padStart(widths[i]) : text.padEnd(widths[i]);
  };
  const line = (cells) => `│ ${cells.map(cell).join(' │ ')} │`;
  const rule = (l, m, r) => `${l}${widths.map((w) => '─'.repeat(w + 2)).join(m)}${r}`;
  return [rule('┌', '┬', '┐'), line(headers), rule('├', '┼', '┤'), ...rows.map(line), rule('└', '┴', '┘')].join('\n');
}

export const fmt = {
  int: (n) => Math.round(n).toLocaleString('en-US'),
  num: (n, digits = 1) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }),
  ms: (n) => `${Math.round(n).toLocaleString('en-US')} ms`,
  kb: (bytes) => `${(bytes / 1024).toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} KB`,
  mb: (bytes) => `${(bytes / 1024 / 1024).toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} MB`,
};

export const verdict = (ok) => (ok ? 'PASS' : 'MISS');
