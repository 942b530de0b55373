export { scale } from './scale.js';
export { normalize, register, strict } from './name.js';
