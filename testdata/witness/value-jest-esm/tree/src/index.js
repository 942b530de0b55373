export { pad } from './pad.js';
export { drain } from './queue.js';

// describe names the package.
export default function describe() {
  return 'a queue and a pad';
}
