export { squareAreaCm } from './shapes.js';
export const name = 'geometry';
