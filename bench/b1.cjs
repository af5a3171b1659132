// B1: what a naive KRM identity function costs: parse the whole ResourceList with the `yaml`
// Document API (keeps comments) and re-serialise it.
const { parseDocument } = require('yaml');
const doc = parseDocument(require('node:fs').readFileSync(0, 'utf8'));
if (doc.errors.length > 0) throw doc.errors[0];
process.stdout.write(doc.toString());
