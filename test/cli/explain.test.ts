/**
 * `explain`: golden timelines for fixtures/explain/<case>/ (input.yaml, optional config.yaml) as
 * text, as a before/after diff and as mermaid; and the model on commands pod-sequencer writes.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.js';
import { defaultConfig } from '../../src/config/resolve.js';
import { explainFiles } from '../../src/explain/index.js';
import { timeline } from '../../src/explain/model.js';
import { timelineMermaid, timelineText } from '../../src/explain/render.js';
import { readManifest } from '../../src/files/read.js';
import { dependencyWait, wrapperCommand } from '../../src/shell/index.js';
import { makeWorkload, type PodSpec } from '../../src/workloads/workload.js';
import { golden } from '../helpers/golden.js';

const root = join(__dirname, '..', '..', 'fixtures', 'explain');

describe('explain cases (fixtures/explain)', () => {
  for (const name of readdirSync(root).sort()) {
    const dir = join(root, name);
    const cfgPath = join(dir, 'config.yaml');
    const { config, errors } = loadConfig(existsSync(cfgPath) ? parse(readFileSync(cfgPath, 'utf8')) : undefined);
    const file = () => readManifest(`${name}/input.yaml`, [], readFileSync(join(dir, 'input.yaml'), 'utf8'));

    it(name, () => {
      expect(errors).toEqual([]);
      golden(join(dir, 'expected.txt'), explainFiles([file()], config, { format: 'text', diff: false }));
      golden(join(dir, 'expected-diff.txt'), explainFiles([file()], config, { format: 'text', diff: true }));
      golden(join(dir, 'expected.md'), explainFiles([file()], config, { format: 'mermaid', diff: false }));
    });
  }
});

const sh = { delivery: 'inject' as const, toolsDir: '/.seq' };
const seqTools = { name: 'seq-tools', image: 'busybox:1.37.0-musl', command: ['/bin/busybox', 'cp', '/bin/busybox', '/.seq/busybox'] };
const istio = { name: 'istio-proxy', image: 'docker.io/istio/proxyv2:1.24.2' };

function explain(kind: string, pod: PodSpec) {
  const path = kind === 'Pod' ? [] : ['spec', 'template'];
  const obj = {
    apiVersion: kind === 'Pod' ? 'v1' : 'batch/v1',
    kind,
    metadata: { name: 'x' },
    ...(kind === 'Pod' ? { spec: pod } : { spec: { template: { spec: pod } } }),
  };
  return timeline(makeWorkload(obj, path)!, defaultConfig());
}

describe('timeline', () => {
  it('reads a dependency wait and a Job wrapper that ends its sidecar', () => {
    const wrapped = wrapperCommand(
      {
        mode: 'job',
        shutdownOn: 'always',
        checks: [{ name: 'istio-proxy', http: 'http://127.0.0.1:15021/healthz/ready', timeoutSeconds: 120, onTimeout: 'fail' }],
        shutdown: [{ name: 'istio-proxy', http: 'http://127.0.0.1:15020/quitquitquit', method: 'POST' }],
        argv: ['/app/migrate'],
      },
      sh,
    );
    const t = explain('Job', {
      restartPolicy: 'Never',
      initContainers: [
        seqTools,
        {
          name: 'seq-wait-db',
          image: 'busybox:1.37.0-musl',
          command: dependencyWait({ name: 'db', tcp: 'db:5432', timeoutSeconds: 300, periodSeconds: 2 }, sh),
        },
      ],
      containers: [istio, { name: 'migrate', image: 'm:1', command: wrapped, args: ['up'] }],
    });
    expect(t.start.map((s) => [s.role, s.name, s.gate.on])).toEqual([
      ['tools', 'seq-tools', 'exit'],
      ['dependency', 'seq-wait-db', 'exit'],
      ['sidecar', 'istio-proxy', 'nothing'],
      ['app', 'migrate', 'nothing'],
    ]);
    expect(t.start[1]!.runs).toBe('waits for db (tcp db:5432, every 2s, up to 300s)');
    expect(t.start[2]!.warning).toBeUndefined(); // the wrapper waits for it
    expect(t.start[3]!.runs).toBe(
      'waits for istio-proxy (GET http://127.0.0.1:15021/healthz/ready, up to 120s, then fails), then runs /app/migrate up forwarding SIGTERM/SIGINT; ' +
        'when it exits, asks istio-proxy (POST http://127.0.0.1:15020/quitquitquit) to shut down (whatever its exit code); exits with its exit code',
    );
    const text = timelineText(t, 'job.yaml:1');
    expect(text).not.toContain('NEVER COMPLETES');
    expect(text).toContain("a wrapper passes on its command's exit code (128+N when killed by signal N)");
  });

  it('says when a Job never completes, and which exit codes count', () => {
    const t = explain('Job', { containers: [{ name: 'work', image: 'w:1', command: ['/work'] }, istio] });
    expect(t.stop.join('\n')).toMatch(/NEVER COMPLETES: nothing ends classic sidecar istio-proxy/);
    expect(t.stop).toContain('exit codes that count: work, istio-proxy (the pod succeeds only if all exit 0)');
  });

  it('a bare Pod with restartPolicy OnFailure is Job-like; with Always it runs until deleted', () => {
    expect(explain('Pod', { restartPolicy: 'OnFailure', containers: [{ name: 'a', image: 'a' }] }).stop.at(-1)).toMatch(/restarted in the same pod/);
    expect(explain('Pod', { containers: [{ name: 'a', image: 'a' }], terminationGracePeriodSeconds: 5 }).stop[0]).toMatch(
      /^runs until deleted.*SIGKILL after 5s$/,
    );
  });

  it('warns about a native sidecar without a startupProbe', () => {
    const t = explain('Pod', { initContainers: [{ ...istio, restartPolicy: 'Always' }], containers: [{ name: 'a', image: 'a' }] });
    expect(t.start[0]).toMatchObject({ role: 'native-sidecar', gate: { on: 'nothing' }, warning: expect.stringMatching(/no startupProbe/) });
  });

  it('mermaid: one participant per container, ids that mermaid accepts, no statement separators in text', () => {
    const t = explain('Pod', { containers: [{ name: 'a-b', image: 'a', command: ['sh', '-c', 'x; y # z'] }] });
    const m = timelineMermaid(t);
    expect(m.split('\n')[0]).toBe('sequenceDiagram');
    expect(m).toContain('participant c0 as a-b (app container)');
    // No statement separator but the entities' own; decoded, the note reads as the command.
    for (const line of m.split('\n').slice(1)) expect(line.replace(/#\d+;/g, '')).not.toMatch(/[;#`]/);
    const decoded = m.replace(/#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)));
    expect(decoded).toContain('x; y # z');
    expect(decoded).not.toContain('#35');
  });
});
