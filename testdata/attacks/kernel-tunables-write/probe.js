// Opens kernel tunables for writing, writes nothing, closes them, and appends each path it could
// open to the flag file (argv[2]). Only root could open them in the first place.
const fs = require('node:fs');
const flag = process.argv[2];
const paths = [
  '/proc/sys/kernel/core_pattern',
  '/proc/sys/kernel/modprobe',
  '/sys/kernel/mm/transparent_hugepage/enabled',
  '/sys/kernel/mm/ksm/run',
];
for (const p of paths) {
  let fd;
  try {
    fd = fs.openSync(p, 'r+');
  } catch {
    continue;
  }
  fs.closeSync(fd);
  fs.appendFileSync(flag, p + ' opened for writing\n');
}
