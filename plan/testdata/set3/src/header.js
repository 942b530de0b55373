export function header(list) {
  return `${list.map(String).join(',')}`
}
