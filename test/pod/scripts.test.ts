/**
 * The scripts a container runs that the input holds (src/pod/scripts.ts) and the files behind its
 * mounts (src/pod/files.ts): which are read, from where, and what counts as ending a sidecar.
 */
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { runFilter } from '../../src/run.js';
import { whereItEndsItsSidecars } from '../../src/pod/commands.js';
import { noFacts, type InputFacts } from '../../src/pod/context.js';
import { isUnread, mountedFile } from '../../src/pod/files.js';
import { scriptsRun, scriptWaitingFor } from '../../src/pod/scripts.js';
import { makeWorkload, type Container } from '../../src/workloads/workload.js';
import { said } from '../helpers/said.js';

type Obj = Record<string, unknown>;

function setup(c: Partial<Container>, data: Record<string, string> | undefined, volume: Obj = { name: 'scripts', configMap: { name: 'scripts' } }) {
  const container = { name: 'app', image: 'postgres:16', volumeMounts: [{ name: 'scripts', mountPath: '/scripts' }], ...c } as Container;
  const job = {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { name: 'init', namespace: 'bank' },
    spec: { template: { spec: { containers: [container], volumes: [volume] } } },
  };
  const facts: InputFacts = noFacts();
  if (data) facts.configMaps.add(() => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'scripts', namespace: 'bank' }, data }));
  const w = makeWorkload(job, ['spec', 'template'])!;
  return { w, c: w.pod.containers![0]!, facts };
}

const QUIT = "wget --post-data '' http://127.0.0.1:9091/quitquitquit";

describe('scriptsRun', () => {
  it('follows `. FILE` from an inline sh -c into the ConfigMap, and from there the scripts it sources by variable', () => {
    const { w, c, facts } = setup(
      { command: ['bash', '-c', '. /scripts/init.sh 127.0.0.1 5432 accounts-db'] },
      { 'init.sh': 'TEST="/scripts/data.sh"\npsql -h $1\n. ${TEST}\n', 'data.sh': `${QUIT}\n` },
    );
    const scripts = scriptsRun(w, c, facts);
    expect(scripts.map((s) => s.from)).toEqual(['its sh -c script', 'ConfigMap scripts key init.sh', 'ConfigMap scripts key data.sh']);
    expect(scripts[1]!.text).toContain('psql -h 127.0.0.1');
    expect(whereItEndsItsSidecars(c, scripts)).toBe('ConfigMap scripts key data.sh');
  });

  it('reads `sh FILE` and a FILE run as the command itself', () => {
    for (const command of [
      ['sh', '/scripts/init.sh'],
      ['/bin/bash', '-e', '/scripts/init.sh'],
      ['/scripts/init.sh', 'x'],
    ]) {
      const { w, c, facts } = setup({ command }, { 'init.sh': QUIT });
      expect(whereItEndsItsSidecars(c, scriptsRun(w, c, facts)), command.join(' ')).toBe('ConfigMap scripts key init.sh');
    }
  });

  it('a killall of a process named by an argument counts (`killall ${PROCESS}` with PROCESS=$2)', () => {
    const { w, c, facts } = setup(
      { command: ['bash', '-c', '. /scripts/stop.sh "init.sh" "cloud_sql_proxy"'] },
      { 'stop.sh': 'TARGET=$1\nPROCESS=$2\nwhile ps | grep -q "$TARGET"; do sleep 10; done\nkillall ${PROCESS}\n' },
    );
    expect(whereItEndsItsSidecars(c, scriptsRun(w, c, facts))).toBe('ConfigMap scripts key stop.sh');
  });

  it('does not count a commented-out quit call, a script the input lacks, or one no ConfigMap backs', () => {
    const commented = setup({ command: ['sh', '/scripts/init.sh'] }, { 'init.sh': `psql\n  # ${QUIT}\n` });
    expect(whereItEndsItsSidecars(commented.c, scriptsRun(commented.w, commented.c, commented.facts))).toBeUndefined();
    const missing = setup({ command: ['sh', '/scripts/init.sh'] }, undefined);
    expect(scriptsRun(missing.w, missing.c, missing.facts)).toEqual([]);
    const emptyDir = setup({ command: ['sh', '/scripts/init.sh'] }, { 'init.sh': QUIT }, { name: 'scripts', emptyDir: {} });
    expect(scriptsRun(emptyDir.w, emptyDir.c, emptyDir.facts)).toEqual([]);
  });

  it('a script that sources itself is read once', () => {
    const { w, c, facts } = setup({ command: ['sh', '/scripts/a.sh'] }, { 'a.sh': '. /scripts/a.sh\n' });
    expect(scriptsRun(w, c, facts)).toHaveLength(1);
  });
});

describe('mountedFile', () => {
  it('subPath, items and projected volumes; the ConfigMap of the same namespace first', () => {
    const sub = setup({ volumeMounts: [{ name: 'scripts', mountPath: '/etc/envoy/envoy.yaml', subPath: 'b.yaml' }] }, { 'b.yaml': 'admin: {}' });
    expect(mountedFile(sub.w, sub.c, '/etc/envoy/envoy.yaml', sub.facts)).toEqual({ text: 'admin: {}', from: 'ConfigMap scripts key b.yaml' });
    const items = setup({}, { k: 'x' }, { name: 'scripts', configMap: { name: 'scripts', items: [{ key: 'k', path: 'dir/run.sh' }] } });
    expect(mountedFile(items.w, items.c, '/scripts/dir/run.sh', items.facts)).toEqual({ text: 'x', from: 'ConfigMap scripts key k' });
    expect(mountedFile(items.w, items.c, '/scripts/k', items.facts)).toBeUndefined();
    const projected = setup(
      {},
      { 'run.sh': 'y' },
      { name: 'scripts', projected: { sources: [{ secret: { name: 's' } }, { configMap: { name: 'scripts' } }] } },
    );
    expect(mountedFile(projected.w, projected.c, '/scripts/./run.sh', projected.facts)).toEqual({ text: 'y', from: 'ConfigMap scripts key run.sh' });
    const other = setup({}, { 'run.sh': 'y' });
    other.facts.configMaps.add(() => ({ metadata: { name: 'scripts', namespace: 'other' }, data: { 'run.sh': 'wrong' } }));
    expect(mountedFile(other.w, other.c, '/scripts/run.sh', other.facts)).toEqual({ text: 'y', from: 'ConfigMap scripts key run.sh' });
  });

  it('names what is missing: the ConfigMap, or its key', () => {
    const none = setup({}, undefined);
    const f = mountedFile(none.w, none.c, '/scripts/run.sh', none.facts);
    expect(isUnread(f) && f.missing).toBe('ConfigMap scripts is not in the input');
    const key = setup({}, { other: '' });
    const g = mountedFile(key.w, key.c, '/scripts/run.sh', key.facts);
    expect(isUnread(g) && g.missing).toBe('ConfigMap scripts has no key run.sh');
  });

  it('tolerates odd shapes: mounts, volumes and data of the wrong YAML type', () => {
    const odd = setup({ volumeMounts: [null, 'x', { name: 3, mountPath: '/scripts' }, { name: 'scripts', mountPath: '/scripts' }] as never }, undefined);
    odd.facts.configMaps.add(() => ({ metadata: { name: 'scripts' }, data: { 'run.sh': 7, ok: 'z' } }));
    odd.facts.configMaps.add(() => {
      throw new Error('unreadable item');
    });
    expect(isUnread(mountedFile(odd.w, odd.c, '/scripts/run.sh', odd.facts))).toBe(true);
    expect(mountedFile(odd.w, odd.c, '/scripts/ok', odd.facts)).toEqual({ text: 'z', from: 'ConfigMap scripts key ok' });
  });
});

describe('scriptWaitingFor: a script that already waits for a dependency', () => {
  const waits = (script: string, t: { http?: string; tcp?: string; dns?: string }) => scriptWaitingFor([{ text: script, from: 's' }], t) !== undefined;

  it('a loop on nc -z, /dev/tcp, pg_isready, curl or nslookup of the target', () => {
    expect(waits('until nc -z postgres 5432; do sleep 1; done', { tcp: 'postgres:5432' })).toBe(true);
    expect(waits('while ! nc -zv postgres.db.svc.cluster.local 5432; do sleep 2; done', { tcp: 'postgres.db.svc.cluster.local:5432' })).toBe(true);
    expect(waits('until nc -z postgres 5432; do sleep 1; done', { tcp: 'postgres.db.svc:5432' })).toBe(true);
    expect(waits('until (echo > /dev/tcp/redis/6379) 2>/dev/null; do sleep 1; done', { tcp: 'redis:6379' })).toBe(true);
    expect(waits('while ! pg_isready -h db -U app; do sleep 1; done', { tcp: 'db:5432' })).toBe(true);
    expect(waits('until curl -sf http://config:8080/health; do sleep 1; done', { http: 'http://config:8080/health' })).toBe(true);
    expect(waits('for i in 1 2 3; do nslookup vault && break; sleep 1; done', { dns: 'vault' })).toBe(true);
    expect(waits('wait-for-it db:5432 -- /app/migrate', { tcp: 'db:5432' })).toBe(true);
    expect(waits('dockerize -wait tcp://db:5432 -timeout 60s /app/run', { tcp: 'db:5432' })).toBe(true);
  });

  it('not another host or port, not a single try without a loop, not pg_isready on another port', () => {
    expect(waits('until nc -z postgres 5432; do sleep 1; done', { tcp: 'redis:6379' })).toBe(false);
    expect(waits('until nc -z postgres 5433; do sleep 1; done', { tcp: 'postgres:5432' })).toBe(false);
    expect(waits('nc -z postgres 5432 && /app/run', { tcp: 'postgres:5432' })).toBe(false);
    expect(waits('until pg_isready -h db -p 6432; do sleep 1; done', { tcp: 'db:5432' })).toBe(false);
    expect(waits('until pg_isready -h other; do sleep 1; done', { tcp: 'db:5432' })).toBe(false);
  });

  it('a Job whose ConfigMap script waits for the configured dependency gets no seq-wait, and says so', () => {
    const { w, c, facts } = setup({ command: ['sh', '/scripts/migrate.sh'] }, { 'migrate.sh': 'until nc -z postgres 5432; do sleep 2; done\n/app/migrate\n' });
    expect(scriptWaitingFor(scriptsRun(w, c, facts), { tcp: 'postgres:5432' })?.from).toBe('ConfigMap scripts key migrate.sh');
  });
});

describe('through the filter: dependencies a script already waits for', () => {
  const input = (script: string) =>
    stringify({
      apiVersion: 'config.kubernetes.io/v1',
      kind: 'ResourceList',
      items: [
        {
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          metadata: { name: 'api', annotations: { 'pod-sequencer.dev/dependencies': 'tcp://postgres:5432' } },
          spec: {
            template: {
              spec: {
                containers: [{ name: 'api', image: 'api:1', command: ['sh', '/scripts/start.sh'], volumeMounts: [{ name: 'scripts', mountPath: '/scripts' }] }],
                volumes: [{ name: 'scripts', configMap: { name: 'api-scripts' } }],
              },
            },
          },
        },
        { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'api-scripts' }, data: { 'start.sh': script } },
      ],
      functionConfig: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: { kubernetesVersion: '1.30' } },
    });
  const initNames = (stdout: string) =>
    ((parse(stdout) as Obj & { items: Obj[] }).items[0] as any).spec.template.spec.initContainers?.map((c: Obj) => c.name) ?? [];

  it('no seq-wait, and a handled-by-script finding; without the loop, the wait is added', () => {
    const waited = runFilter(input('until nc -z postgres 5432; do sleep 2; done\nexec /app/api\n'));
    expect(initNames(waited.stdout)).toEqual([]);
    expect(waited.results.map((r) => `${r.tags?.rule}: ${said(r)}`)).toEqual([
      'handled-by-script: dependency postgres is already awaited by a script: pod-sequencer adds no wait for it | The script api runs (ConfigMap api-scripts key start.sh) waits for TCP postgres:5432, so no seq-wait-postgres init container is added.',
    ]);
    const plain = runFilter(input('exec /app/api\n'));
    expect(initNames(plain.stdout)).toEqual(['seq-wait-postgres']);
  });
});
