// A library that reads its configuration from disk, as postcss's previous-map and browserslist's
// node.js do: the path comes from its caller, relative to the repository.
const fs = require('fs');
const path = require('path');

function loadConfig(dir) {
  const file = path.join(dir, 'config.json');
  if (!fs.existsSync(file)) return null;
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

function ownDir() {
  return path.basename(__dirname);
}

module.exports = { loadConfig, ownDir };
