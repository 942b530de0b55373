export function request(_opts, name, value) {
  const opts = { ..._opts, name, value }
  return send(opts)
}
