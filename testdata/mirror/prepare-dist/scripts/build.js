// The build: copy src/ to dist/ with a banner, as a transpiler would.
const fs = require('node:fs');
const path = require('node:path');
const root = path.join(__dirname, '..');
fs.mkdirSync(path.join(root, 'dist'), { recursive: true });
for (const f of fs.readdirSync(path.join(root, 'src'))) {
  const src = fs.readFileSync(path.join(root, 'src', f), 'utf8');
  fs.writeFileSync(path.join(root, 'dist', f), '// built from src/' + f + '\n' + src);
}
