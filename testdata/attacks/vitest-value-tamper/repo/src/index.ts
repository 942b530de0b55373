export { pad } from './pad';
export { drain } from './queue';
