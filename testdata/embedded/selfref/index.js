export const target = 'default';
