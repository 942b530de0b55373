// The computed-alias parity fixture: every alias value is computed from the config's own
// location, in the forms bond evaluates exactly (testconfig/computed.go) — a function chosen by
// a condition on the environment (as eemeli/yaml writes it, less its npm_lifecycle_event, a
// variable npm sets that bond refuses to guess), path.join over a __dirname derived
// from import.meta.url (as reduxjs/reselect writes it), fileURLToPath(new URL(…)), a URL's
// pathname joined by +, and a function declaration over path.resolve. The environment
// variable is unset under both runners, so getPath picks src/; dist/ holds a decoy the tests
// would tell apart. It shares the parity fixture's install (../node_modules).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { env } from 'node:process';

const __filename = fileURLToPath(import.meta.url);
const __dirname = path.dirname(__filename);

let getPath;
if (!!env.BOND_FIXTURE_DIST) {
  console.log('testing the build in dist/');
  getPath = (name) => path.resolve(import.meta.dirname, 'dist', `${name}.js`);
} else {
  getPath = (name) => path.resolve(import.meta.dirname, 'src', `${name}.js`);
}

function inSrc(name) {
  return path.resolve(__dirname, 'src', name + '.js');
}

export default {
  resolve: {
    alias: {
      geometry: getPath('index'),
      '@lib': path.join(__dirname, 'src'),
      '@units': fileURLToPath(new URL('./src/units.js', import.meta.url)),
      shapes: new URL('.', import.meta.url).pathname + 'src/shapes.js',
      format: inSrc('format'),
    },
  },
  test: {
    environment: 'node',
    include: ['test/*.test.js'],
  },
};
