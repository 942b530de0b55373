export const isLetter = (c) => /^\p{L}$/u.test(c);
