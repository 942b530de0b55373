export { squareAreaCm } from 'shapes';
export const name = 'geometry';
