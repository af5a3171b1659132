// One file of `count` Deployments, each an app container and a cloud-sql-proxy sidecar listed
// after it, which the default config moves (issue 38: cost per document in one file or stream).
// `node bench/one-file.mjs N [docs|list]` prints it: a multi-document file, or the same
// documents as a ResourceList's items.

/** One Deployment; `pad` indents every line (two spaces under a ResourceList's `items:`). */
function deployment(i, pad) {
  const lines = [
    `apiVersion: apps/v1`,
    `kind: Deployment`,
    `metadata:`,
    `  name: web-${i}`,
    `  namespace: ns-${i % 17}`,
    `spec:`,
    `  selector: {matchLabels: {app: web-${i}}}`,
    `  template:`,
    `    metadata:`,
    `      labels: {app: web-${i}}`,
    `    spec:`,
    `      containers:`,
    `      - name: web`,
    `        image: registry.example.com/web:1.${i % 10}.0`,
    `        ports:`,
    `        - containerPort: 8080`,
    `      # listed last: the app calls the database before the proxy is up`,
    `      - name: cloud-sql-proxy`,
    `        image: gcr.io/cloud-sql-connectors/cloud-sql-proxy:2.14.0`,
    `        args: ["--port=5432", "proj:europe-west1:db-${i}"]`,
  ];
  return lines.map((l, n) => (n === 0 && pad ? '- ' : pad) + l).join('\n') + '\n';
}

/** `count` Deployments as one multi-document file, `---` between them. */
export function oneFile(count) {
  return Array.from({ length: count }, (_, i) => deployment(i, '')).join('---\n');
}

/** The same Deployments as a ResourceList (what kpt and kustomize send the filter). */
export function oneList(count) {
  const items = Array.from({ length: count }, (_, i) => deployment(i, '  ')).join('');
  return `apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n${items}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const count = Number(process.argv[2] ?? 1000);
  process.stdout.write(process.argv[3] === 'list' ? oneList(count) : oneFile(count));
}
