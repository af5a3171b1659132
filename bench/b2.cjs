// B2: js-yaml load + dump of the whole ResourceList: a KRM function that keeps no comment, no
// quoting and no key layout at all (the cheapest way a JavaScript function can re-serialise).
const yaml = require('js-yaml');
process.stdout.write(yaml.dump(yaml.load(require('node:fs').readFileSync(0, 'utf8')), { lineWidth: -1 }));
