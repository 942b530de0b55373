export function label(count, plural) {
  const text = plural
    ? 'items'
    : 'item'
  return count + ' ' + text
}
