/**
 * The Argo CD config management plugin recipe of docs/integrations.md (the file is
 * fixtures/helm/argocd-cmp/plugin.yaml; the docs show it verbatim), run as Argo CD runs its
 * `generate` command (argoproj/argo-cd@v2.9.3, operator-manual/config-management-plugins.md in its docs:
 * in the application's source directory, ARGOCD_APP_NAME and ARGOCD_APP_NAMESPACE set, the
 * manifests read from stdout, a non-zero exit fails the sync). `helm` is a stand-in that checks
 * its arguments and prints fixtures/helm/shop/rendered.yaml, a `helm template` rendering of a
 * chart of ours with a Linkerd-meshed pre-upgrade migration Job and a test Pod.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { BIN, ROOT } from '../helpers/cli.js';
import { helm3Chunks } from '../helpers/helm.js';

const recipe = readFileSync(join(ROOT, 'fixtures', 'helm', 'argocd-cmp', 'plugin.yaml'), 'utf8');
const rendered = readFileSync(join(ROOT, 'fixtures', 'helm', 'shop', 'rendered.yaml'), 'utf8');
const cmp = parse(recipe) as { spec: { discover: { fileName: string }; generate: { command: string[]; args: string[] } } };

/** Runs `generate` in a chart directory, with stand-ins for helm (printing `rendering`, or failing) and pod-sequencer. */
function generate(rendering: string, helmExit = 0) {
  const tools = mkdtempSync(join(tmpdir(), 'pod-seq-argocd-bin-'));
  const chart = mkdtempSync(join(tmpdir(), 'pod-seq-argocd-app-'));
  writeFileSync(join(chart, 'Chart.yaml'), 'apiVersion: v2\nname: shop\nversion: 1.4.2\n');
  writeFileSync(join(tools, 'rendering.yaml'), rendering);
  const helm = `#!/bin/sh
[ "$*" = "template shop-prod . --namespace shop" ] || { echo "helm stand-in: unexpected arguments: $*" >&2; exit 2; }
[ -f Chart.yaml ] || { echo "helm stand-in: not in the chart directory" >&2; exit 2; }
[ ${helmExit} -eq 0 ] || { echo "Error: template: shop/templates/deployment.yaml:3: bad" >&2; exit ${helmExit}; }
cat '${join(tools, 'rendering.yaml')}'
`;
  writeFileSync(join(tools, 'helm'), helm);
  writeFileSync(join(tools, 'pod-sequencer'), `#!/bin/sh\nexec '${process.execPath}' '${BIN}' "$@"\n`);
  for (const t of ['helm', 'pod-sequencer']) chmodSync(join(tools, t), 0o755);
  const [cmd, ...cmdArgs] = cmp.spec.generate.command;
  return spawnSync(cmd!, [...cmdArgs, ...cmp.spec.generate.args], {
    cwd: chart,
    encoding: 'utf8',
    env: { PATH: `${tools}:${dirname(process.execPath)}:/usr/bin:/bin`, HOME: chart, ARGOCD_APP_NAME: 'shop-prod', ARGOCD_APP_NAMESPACE: 'shop' },
  });
}

describe('Argo CD config management plugin recipe', () => {
  it('is the block docs/integrations.md shows, and finds charts by Chart.yaml', () => {
    const docs = readFileSync(join(ROOT, 'docs', 'integrations.md'), 'utf8');
    expect(docs).toContain('```yaml\n' + recipe + '```\n');
    expect(cmp.spec.discover.fileName).toBe('Chart.yaml');
  });

  it("generate: the rendering fixed; every chunk it does not change byte-identical; the chart's PodSequence used and dropped", () => {
    const r = generate(rendered);
    expect(r.status, r.stderr).toBe(0);
    const [input, output] = [helm3Chunks(rendered), helm3Chunks(r.stdout)];
    const config = input.findIndex((c) => c.text.includes('kind: PodSequence'));
    const changed = new Set(['shop/templates/deployment.yaml', 'shop/templates/migrate-job.yaml', 'shop/templates/tests/test-connection.yaml']);
    expect(output.map((c) => c.file)).toEqual(input.map((c) => c.file));
    output.forEach((c, i) => {
      if (i === config)
        expect(c.text).toBe(
          "---\n# Source: shop/templates/pod-sequence.yaml\n# The chart's own pod-sequencer config: used by post-render, then dropped from the release.\n",
        );
      else if (!changed.has(c.file)) expect(c.text).toBe(input[i]!.text);
    });
    const job = output.find((c) => c.file === 'shop/templates/migrate-job.yaml')!.text;
    expect(job).toContain('config.linkerd.io/proxy-admin-shutdown: enabled'); // the wrapper can end linkerd-proxy
    expect(job).toContain('pod-sequencer-wrap');
    expect(job).toContain('"helm.sh/hook": pre-install,pre-upgrade');
    expect(r.stderr).toMatch(/^shop\/templates\/migrate-job\.yaml:\d+: info wrapped migrate's command/m);
  });

  it('a failing helm template or a bad rendering fails the sync with nothing on stdout (never an empty manifest set)', () => {
    const helmFails = generate(rendered, 1);
    expect(helmFails.status).not.toBe(0);
    expect(helmFails.stdout).toBe('');
    const bad = generate(rendered.replace('  name: shop-config\n', '  name: shop-config\n  name: again\n'));
    expect(bad.status).toBe(1);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toMatch(/^shop\/templates\/configmap\.yaml \(<stdin>:\d+:\d+\): malformed YAML/m);
  });
});
