// initials takes the first letter of each of a name's parts, upper-cased: "ada king" -> "AK".
export function initials(name: string): string {
  let out = '';
  for (const part of name.split(' ')) {
    if (part.length > 0) out += part[0].toUpperCase();
  }
  return out;
}
