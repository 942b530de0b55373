// Display helpers. The oracle (oracle/name.test.ts) checks the common path only; the
// repository's own suite (test/name.test.ts) checks more, and `npm test` type-checks first.

// initials refuses a missing name. The guard matters to the type checker (without it `name`
// may be undefined below) and to no test: none passes undefined.
export function initials(name: string | undefined): string {
  if (name === undefined) throw new TypeError('initials: a name is required');
  return name
    .split(' ')
    .map((part) => part.charAt(0).toUpperCase())
    .join('');
}

// clamp caps n at max; the oracle only tries n equal to max.
export function clamp(n: number, max: number): number {
  return n > max ? max : n;
}
