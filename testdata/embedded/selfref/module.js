export const target = 'module';
