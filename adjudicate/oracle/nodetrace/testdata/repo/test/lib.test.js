// A test of src/lib.js that also behaves as a hostile test would: it replaces the built-ins a
// serializer written naively would use, after the hook loaded and before any call.
const lib = require('../src/lib.js');
const again = require('../src/lib.js');
const other = require('../src/other.js');

Array.prototype.push = function () { return 0; };
JSON.stringify = () => '{}';
Object.keys = () => [];
Map.prototype.forEach = function () {};

lib.exact();
lib.cyclic();
lib.collections();
new lib.Counter(2);
lib.Counter.zero();
lib.long();
try { lib.fail(); } catch (_) { /* recorded as throw */ }
lib.later(true);
lib.later(false).catch(() => {});
lib.push([]);
lib.helper(1);
lib.viaHelper(1);
lib.each(() => lib.helper(5));
lib.identity(lib.exact, again.exact);
lib.nested.deep();
other();
lib.Registry.count();
lib.lazy();

// Put in last, so they act on the exit write: a toJSON JSON.stringify would call, and an index
// setter an element assignment would.
Object.prototype.toJSON = function () { return { callee: 'forged' }; };
Array.prototype.toJSON = function () { return ['forged']; };
Object.defineProperty(Array.prototype, '0', { set() {}, configurable: true });
lib.helper(2);
