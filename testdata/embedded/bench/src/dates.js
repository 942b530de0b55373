// Calendar helpers (UTC only) for the embedded runner's benchmark fixture.
export function isLeapYear(y) {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function daysInMonth(y, m) {
  if (m < 1 || m > 12) throw new RangeError('month out of range: ' + m);
  return m === 2 && isLeapYear(y) ? 29 : DAYS[m - 1];
}

export function formatDate(d) {
  const p = (n, w = 2) => String(n).padStart(w, '0');
  return `${p(d.getUTCFullYear(), 4)}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())}`;
}

export function parseDate(s) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo)) return null;
  return new Date(Date.UTC(y, mo - 1, d));
}

export function addDays(d, n) {
  return new Date(d.getTime() + n * 86400000);
}

export function diffDays(a, b) {
  return Math.round((b.getTime() - a.getTime()) / 86400000);
}

export function dayOfYear(d) {
  const start = Date.UTC(d.getUTCFullYear(), 0, 1);
  return diffDays(new Date(start), d) + 1;
}

export function weekday(d) {
  return ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][d.getUTCDay()];
}

export function isWeekend(d) {
  const w = d.getUTCDay();
  return w === 0 || w === 6;
}
