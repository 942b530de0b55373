export const token = 'none';
