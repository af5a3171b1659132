// B0: the start-up and I/O floor: a Node process that copies stdin to stdout.
process.stdout.write(require('node:fs').readFileSync(0));
