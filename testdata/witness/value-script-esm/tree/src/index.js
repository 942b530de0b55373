export { tally } from './tally.js';

// shout upper-cases text and adds one exclamation mark.
export function shout(text) {
  return text.toUpperCase() + '!';
}
