export function pick(arg, negative) {
  if (isFlag(arg)
    && !arg.match(negative)) {
    return arg
  }
  return null
}
