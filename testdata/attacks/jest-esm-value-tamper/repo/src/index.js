export { pad } from './pad.js';
export { drain } from './queue.js';
