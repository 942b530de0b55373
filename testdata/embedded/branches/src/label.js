// Arms of conditional expressions and right operands of logical ones, each alone on its line,
// some of which the test never takes: V8's block coverage counts them apart, and so must the
// embedded runner's probes.
export function label(count, opts) {
  const noun = count === 1
    ? 'item'
    : 'items'
  const sep = opts.sep ||
    ', '
  const unit = opts.unit ??
    fallbackUnit(count)
  const loud = opts.loud &&
    noun.toUpperCase()
  return [count, loud || noun, unit].join(sep)
}

function fallbackUnit(count) {
  return count > 9
    ? 'many'
    : 'few'
}

export const pick = (a, b) => a
  ? a.trim()
  : b
