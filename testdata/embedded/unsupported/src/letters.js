// A pattern given to RegExp as a string: bond expands only literals, so this stays refused.
export const isLetter = (c) => new RegExp('^\\p{L}$', 'u').test(c);
