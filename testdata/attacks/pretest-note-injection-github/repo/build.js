const fs = require('node:fs');
fs.mkdirSync('dist', { recursive: true });
for (const f of fs.readdirSync('src')) fs.copyFileSync('src/' + f, 'dist/' + f);
