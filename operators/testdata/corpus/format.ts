// Formatting helpers in TypeScript, written for bond's operator measurements.
export type Unit = 'B' | 'KB' | 'MB' | 'GB';

export interface FormatOptions {
  precision?: number;
  separator?: string;
  units?: Unit[];
}

const UNITS: Unit[] = ['B', 'KB', 'MB', 'GB'];
const SIZE = /^(\d+(?:\.\d+)?)\s*([KMG]?B)$/i;

export function formatBytes(n: number, opts: FormatOptions = {}): string {
  if (!Number.isFinite(n) || n < 0) {
    throw new RangeError(`invalid size ${n}`);
  }
  const units = opts.units ?? UNITS;
  const precision = opts.precision ?? 1;
  let i = 0;
  let value = n;
  while (value >= 1024 && i < units.length - 1) {
    value /= 1024;
    i++;
  }
  const fixed = i === 0 ? String(value) : value.toFixed(precision);
  return fixed + (opts.separator ?? ' ') + units[i];
}

export function parseBytes(s: string): number | undefined {
  const m = SIZE.exec(s.trim());
  if (!m) return undefined;
  const idx = UNITS.indexOf(m[2].toUpperCase() as Unit);
  return Math.round(parseFloat(m[1]) * 1024 ** idx);
}

export function plural(count: number, word: string, suffix = 's'): string {
  return count === 1 ? word : word + suffix;
}

export function list(items: string[], conj = 'and'): string {
  const clean = items.map((s) => s.trim()).filter((s) => s !== '');
  if (clean.length <= 1) return clean.join('');
  const head = clean.slice(0, -1).join(', ');
  return `${head} ${conj} ${clean[clean.length - 1]}`;
}

export function pad(s: string, width: number, right = false): string {
  const fill = ' '.repeat(Math.max(0, width - s.length));
  return right ? fill + s : s + fill;
}

export function table(rows: string[][], gap = 2): string {
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((cell, j) => {
      widths[j] = Math.max(widths[j] || 0, cell.length);
    });
  }
  return rows
    .map((row) =>
      row
        .map((cell, j) => pad(cell, widths[j] + (j < row.length - 1 ? gap : 0)))
        .join('')
        .trimEnd(),
    )
    .join('\n');
}
