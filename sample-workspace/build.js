// Writes build/out.txt: something for `rm -rf ./build` to remove.
const fs = require('node:fs');
fs.mkdirSync('build', { recursive: true });
fs.writeFileSync('build/out.txt', `built at ${new Date().toISOString()}\n`);
