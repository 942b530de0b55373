export const target = 'development';
