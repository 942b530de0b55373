// The package's entry: one name re-exported, one module's names all at once, one renamed.
export { scale } from './scale.js';
export * from './list.js';
export { summary as summary } from './tally.js';
