// cli prints the sign of its argument; the test runs it as a child process.
const { sign } = require('./sign.js');
const n = Number(process.argv[2]);
if (Number.isNaN(n)) {
  console.log('not a number');
} else {
  console.log(sign(n));
}
