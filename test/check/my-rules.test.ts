/** sleep-ordering and process-namespace-sharing, case by case (the fixtures hold the real-life manifests). */
import { describe, expect, it } from 'vitest';
import { leadingSleep, shellScript, type Word } from '../../src/pod/commands.js';
import { runRules } from '../../src/check/index.js';
import { defaultConfig } from '../../src/config/resolve.js';
import type { Result } from '../../src/krm/types.js';
import { makeCtx } from '../../src/pod/context.js';
import { wrapperCommand } from '../../src/shell/index.js';
import { makeWorkload, type Container, type PodSpec } from '../../src/workloads/workload.js';

const words = (...argv: string[]): Word[] => argv.map((text, i) => ({ text, field: `command[${i}]` }));

function findings(rule: string, pod: PodSpec): Result[] {
  const w = makeWorkload({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: pod }, [])!;
  const results: Result[] = [];
  runRules(makeCtx({ ...defaultConfig(), mode: 'check' }, w, results));
  return results.filter((r) => r.tags?.rule === rule);
}

describe('shellScript', () => {
  it.each([
    [['sh', '-c', 'x'], 'x'],
    [['/bin/bash', '-ec', 'x'], 'x'],
    [['/bin/busybox', 'sh', '-c', 'x'], 'x'],
    [['bash', '-e', '-c', 'x'], 'x'],
  ])('%j', (argv, script) => expect(shellScript(words(...argv))?.text).toBe(script));

  it.each([[['sh', 'run.sh']], [['python', '-c', 'x']], [['sh', '-c']]])('not %j', (argv) => expect(shellScript(words(...argv))).toBeUndefined());
});

describe('leadingSleep', () => {
  it.each([
    [['sh', '-c', 'sleep 10; exec app'], 10, false],
    [['sh', '-c', 'sleep 10 && app --x'], 10, false],
    [['sh', '-c', 'set -e\nsleep 2m\nexec app'], 120, false],
    [['sh', '-c', '  /bin/sleep 0.5;app'], 0.5, false],
    [['sh', '-c', 'sleep 30'], 30, true],
    [['sleep', '30'], 30, true],
    [['/bin/sleep', '1h'], 3600, true],
  ])('%j sleeps %s (only: %s)', (argv, seconds, only) => expect(leadingSleep(words(...argv))).toMatchObject({ seconds, only }));

  it.each([
    [['sh', '-c', 'sleep 10 & exec app']],
    [['sh', '-c', 'until nc -z db 5432; do sleep 2; done; exec app']],
    [['sh', '-c', 'echo hi; sleep 10; exec app']],
    [['sleep', 'infinity']],
    [['sh', '-c', 'sleep $DELAY; app']],
  ])('no leading sleep in %j', (argv) => expect(leadingSleep(words(...argv))).toBeUndefined());
});

describe('sleep-ordering', () => {
  const c = (name: string, more: Partial<Container>): Container => ({ name, image: 'x', ...more });

  it('reports the word that holds the sleep', () => {
    const r = findings('sleep-ordering', { containers: [c('app', { command: ['sh', '-c'], args: ['sleep 10; exec app'] })] });
    expect(r).toHaveLength(1);
    expect(r[0]).toMatchObject({ severity: 'info', field: { path: 'spec.containers[0].args[0]' } });
    expect(r[0]!.message).toBe('container app sleeps 10s before its real command: a fixed delay is no start order');
    expect(r[0]!.detail).toContain('Its command: `sleep 10; exec app`.');
  });

  it('reports an init container that only sleeps, but not an app container that only sleeps, nor a native sidecar', () => {
    const pod: PodSpec = {
      initContainers: [c('delay', { command: ['sleep', '15'] }), c('proxy', { restartPolicy: 'Always', command: ['sh', '-c', 'sleep 5; exec proxy'] })],
      containers: [c('idle', { command: ['sleep', 'infinity'] }), c('idle2', { command: ['sleep', '3600'] })],
    };
    const r = findings('sleep-ordering', pod);
    expect(r.map((x) => x.field?.path)).toEqual(['spec.initContainers[0].command[0]']);
    expect(r[0]!.message).toMatch(/^init container delay only sleeps 15s/);
  });

  it("sees through pod-sequencer's own wrapper, pointing at the wrapped script", () => {
    const command = wrapperCommand(
      { mode: 'job', shutdownOn: 'always', checks: [], shutdown: [], argv: ['sh', '-c', 'sleep 10; exec app'] },
      { delivery: 'inject', toolsDir: '/.seq' },
    );
    const r = findings('sleep-ordering', { restartPolicy: 'Never', containers: [c('app', { command })] });
    expect(r.map((x) => x.field?.path)).toEqual([`spec.containers[0].command[${command.length - 1}]`]);
  });

  it('ignores sleeps in lifecycle hooks (a preStop drain delay is fine)', () => {
    expect(
      findings('sleep-ordering', { containers: [c('app', { lifecycle: { preStop: { exec: { command: ['sh', '-c', 'sleep 5; nginx -s quit'] } } } })] }),
    ).toEqual([]);
  });
});

describe('process-namespace-sharing', () => {
  const killer = (command: string[], more: Partial<Container> = {}): Container => ({ name: 'app', image: 'x', command, ...more });
  const ptrace = { securityContext: { capabilities: { add: ['SYS_PTRACE'] } } };

  it.each([
    [['sh', '-c', 'run; pkill -f pilot-agent']],
    [['/usr/bin/pkill', 'envoy']],
    [['sh', '-c', 'run && killall -TERM envoy']],
    [['sh', '-c', 'run; kill -INT $(pgrep -f envoy)']],
    [['sh', '-c', 'run; kill `pidof envoy`']],
  ])('flags %j under shareProcessNamespace', (command) => {
    const r = findings('process-namespace-sharing', { shareProcessNamespace: true, containers: [killer(command)] });
    expect(r).toHaveLength(1);
    expect(r[0]!.severity).toBe('warning');
    expect(r[0]!.message).toBe("app kills another container's process, which exposes every container's secrets");
    expect(r[0]!.detail).toContain('through shareProcessNamespace: true:');
    expect(r[0]!.detail).not.toContain('SYS_PTRACE');
  });

  it('flags a kill in a lifecycle hook of a container with SYS_PTRACE, pointing at the hook', () => {
    const c = killer(['app'], { ...ptrace, lifecycle: { preStop: { exec: { command: ['sh', '-c', 'kill $(pidof envoy)'] } } } });
    const r = findings('process-namespace-sharing', { containers: [c] });
    expect(r.map((x) => x.field?.path)).toEqual(['spec.containers[0].lifecycle.preStop.exec.command[2]']);
    expect(r[0]!.detail).toContain('through the SYS_PTRACE capability');
    expect(r[0]!.detail).toContain('Pod Security "baseline"');
  });

  it('flags hostPID too', () => {
    expect(findings('process-namespace-sharing', { hostPID: true, containers: [killer(['pkill', 'x'])] })).toHaveLength(1);
  });

  it.each([
    ['sharing without a kill', { shareProcessNamespace: true, containers: [killer(['app'], ptrace)] }],
    ['a kill that cannot reach other containers', { containers: [killer(['sh', '-c', 'pkill -HUP nginx'])] }],
    ['kill of a pid the script started itself', { shareProcessNamespace: true, containers: [killer(['sh', '-c', 'app & kill $!'])] }],
    ['a word that only contains kill', { shareProcessNamespace: true, containers: [killer(['/bin/skill-check', '--pkill-safe'])] }],
  ])('does not flag %s', (_, pod) => expect(findings('process-namespace-sharing', pod as PodSpec)).toEqual([]));
});
