export const kind = 'import';
