export function timeoutOf(opts) {
  const t = opts.timeout ?? 0
  return t * 1000
}
