export { scale } from './scale.js';
export * from './list.js';
