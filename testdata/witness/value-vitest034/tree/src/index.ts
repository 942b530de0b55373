export { tally } from './tally';
export { initials } from './initials';
