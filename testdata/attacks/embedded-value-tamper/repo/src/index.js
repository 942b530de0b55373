export { scale } from './scale.js';
export { removeWhere } from './list.js';
