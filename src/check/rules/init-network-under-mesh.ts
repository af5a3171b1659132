import { argvOf } from '../../pod/commands.js';
import { captorMesh, captureSetup, classicCaptors, isWaitContainer, type Captor } from '../../pod/dependencies.js';
import { isNativeSidecar } from '../../pod/sidecars.js';
import { profiles } from '../../profiles/index.js';
import { parseDependencyWait, parseToolsInstall } from '../../shell/index.js';
import { matchGlob } from '../../workloads/glob.js';
import { podField, type Container, type PodSpec } from '../../workloads/workload.js';
import type { Rule } from '../rule.js';

/** A network tool run as a command word, or a URL. */
const NETWORK = /(?:^|[\s;&|(`'"/])(curl|wget|nc|ncat|nslookup|dig)(?=\s|$)|\bhttps?:\/\/\S+/;

/** What the init container calls out with, or undefined when it makes no network calls we can see. */
function networkCall(c: Container): string | undefined {
  const cmd = (c.command ?? []).map(String);
  // our seq-tools only writes files: the shared wrapper it writes makes the calls, later, from the app
  if (parseToolsInstall(cmd)) return undefined;
  const wait = parseDependencyWait(cmd);
  if (wait) return `waits for ${wait.dep.http ?? wait.dep.tcp ?? wait.dep.dns}`;
  if (isWaitContainer(c)) return 'a dependency wait';
  const m = NETWORK.exec(
    argvOf(c)
      .map((w) => w.text)
      .join(' '),
  );
  return m ? (m[1] ? `runs ${m[1]}` : `calls ${m[0]}`) : undefined;
}

function runAsUser(c: Container, pod: PodSpec): number | undefined {
  const own = c.securityContext?.runAsUser ?? (pod.securityContext as { runAsUser?: unknown } | undefined)?.runAsUser;
  return own === undefined ? undefined : Number(own);
}

/**
 * Under Istio or Linkerd, the mesh captures a pod's traffic from its first init container on
 * (iptables from istio-init/linkerd-init, or the CNI plugin), but a classic proxy only starts
 * after every init container: their calls go nowhere. Native proxies that start first, and the
 * proxy's own UID (which the mesh never captures), are the ways out (docs/sidecars.md).
 */
export const initNetworkUnderMesh: Rule = {
  id: 'init-network-under-mesh',
  severity: 'warning',
  needs: ['init'],
  summary: 'init containers make network calls in a pod a CNI mesh will capture, without native sidecars or the UID workaround',
  check(ctx, report) {
    const pod = ctx.w.pod;
    const init = pod.initContainers ?? [];
    if (init.length === 0) return; // most pods: no init container, nothing to look up
    const classic = classicCaptors(ctx);
    init.forEach((c, i) => {
      if (isNativeSidecar(c) || captureSetup.some((g) => matchGlob(g, c.name))) return;
      const call = networkCall(c);
      if (!call) return;
      // Native proxies in the manifest that start only after this container do not carry its calls either.
      const later = init.slice(i + 1).flatMap((x): Captor[] => {
        const mesh = isNativeSidecar(x) ? captorMesh(ctx, x) : undefined;
        return mesh ? [{ container: x.name, uid: profiles[mesh].proxyUid!, why: `native sidecar ${x.name} starts only after it` }] : [];
      });
      const all = [...classic, ...later];
      const missed = all.filter((k) => k.uid !== runAsUser(c, pod));
      if (missed.length === 0) return;
      const uids = new Set(all.map((k) => k.uid));
      const asUid = uids.size === 1 ? `Run it as UID ${all[0]!.uid} (the mesh never captures its proxy's UID), or make` : 'Make';
      report(
        {
          summary: `init container ${c.name} makes network calls the mesh captures before its proxy runs`,
          detail: `It calls out (${call}), but ${missed.map((k) => k.why).join('; ')}. ${asUid} the proxy (${missed.map((k) => k.container).join(', ')}) a native sidecar that starts before it (Kubernetes 1.29 or later).`,
          ...(uids.size === 1 ? { fix: `securityContext.runAsUser: ${all[0]!.uid}` } : {}),
        },
        podField(ctx.w, 'initContainers', i),
      );
    });
  },
};
