export { scale } from './scale.js';
export { removeWhere } from './list.js';
export { summary } from './tally.js';
