import { inc } from './a.js';
// viaInc calls inc inside the package: not a call from outside.
export function viaInc() { return inc(); }
export class K { constructor(n) { this.n = n; } get() { return this.n; } }
