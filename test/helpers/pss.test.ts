/** The restricted-profile checker itself: it must pass what the policy allows and catch each check it names. */
import { describe, expect, it } from 'vitest';
import { restrictedSecurityContext, toolsContainer } from '../../src/sequence/tools.js';
import { defaultConfig } from '../../src/config/resolve.js';
import { addedContainerViolations, containerViolations, restrictedViolations } from './pss.js';

const good = () => ({
  name: 'c',
  image: 'x',
  securityContext: {
    runAsNonRoot: true,
    allowPrivilegeEscalation: false,
    capabilities: { drop: ['ALL'] },
    seccompProfile: { type: 'RuntimeDefault' },
  },
});

describe('restricted checker', () => {
  it('passes a compliant container, alone or leaning on pod-level settings', () => {
    expect(containerViolations(good())).toEqual([]);
    const c = good();
    delete (c.securityContext as Record<string, unknown>).runAsNonRoot;
    delete (c.securityContext as Record<string, unknown>).seccompProfile;
    const pod = { securityContext: { runAsNonRoot: true, seccompProfile: { type: 'Localhost', localhostProfile: 'p.json' } }, containers: [c] };
    expect(restrictedViolations(pod)).toEqual([]);
    expect(containerViolations(c)).toHaveLength(2);
  });

  it('allows NET_BIND_SERVICE and non-root UIDs such as Istio 1337', () => {
    const c = good();
    Object.assign(c.securityContext, { capabilities: { drop: ['ALL'], add: ['NET_BIND_SERVICE'] }, runAsUser: 1337 });
    expect(containerViolations(c)).toEqual([]);
  });

  it.each<[string, (c: ReturnType<typeof good> & Record<string, unknown>) => void, RegExp]>([
    ['privileged', (c) => Object.assign(c.securityContext, { privileged: true }), /privileged/],
    ['privilege escalation unset', (c) => delete (c.securityContext as Record<string, unknown>).allowPrivilegeEscalation, /allowPrivilegeEscalation/],
    ['runAsNonRoot false', (c) => Object.assign(c.securityContext, { runAsNonRoot: false }), /runAsNonRoot/],
    ['runAsUser 0', (c) => Object.assign(c.securityContext, { runAsUser: 0 }), /runAsUser/],
    ['seccomp Unconfined', (c) => Object.assign(c.securityContext, { seccompProfile: { type: 'Unconfined' } }), /seccompProfile/],
    ['capabilities not dropped', (c) => Object.assign(c.securityContext, { capabilities: { drop: ['NET_RAW'] } }), /drop must include ALL/],
    ['SYS_PTRACE added', (c) => Object.assign(c.securityContext, { capabilities: { drop: ['ALL'], add: ['SYS_PTRACE'] } }), /SYS_PTRACE/],
    ['hostPort', (c) => (c.ports = [{ containerPort: 80, hostPort: 80 }]), /hostPort/],
    ['procMount', (c) => Object.assign(c.securityContext, { procMount: 'Unmasked' }), /procMount/],
    ['hostProcess', (c) => Object.assign(c.securityContext, { windowsOptions: { hostProcess: true } }), /hostProcess/],
    ['SELinux user', (c) => Object.assign(c.securityContext, { seLinuxOptions: { user: 'root' } }), /seLinuxOptions/],
    ['AppArmor Unconfined', (c) => Object.assign(c.securityContext, { appArmorProfile: { type: 'Unconfined' } }), /appArmorProfile/],
    ['no securityContext', (c) => delete (c as Record<string, unknown>).securityContext, /allowPrivilegeEscalation/],
  ])('catches %s', (_name, spoil, message) => {
    const c = good() as ReturnType<typeof good> & Record<string, unknown>;
    spoil(c);
    expect(containerViolations(c).join('\n')).toMatch(message);
  });

  it('checks pod-level fields and volume types', () => {
    const pod = {
      hostNetwork: true,
      securityContext: { sysctls: [{ name: 'kernel.msgmax', value: '1' }] },
      volumes: [
        { name: 'a', emptyDir: {} },
        { name: 'b', hostPath: { path: '/' } },
      ],
      containers: [good()],
    };
    expect(restrictedViolations(pod)).toEqual([
      'pod: hostNetwork must not be true',
      'pod: sysctl kernel.msgmax is not allowed',
      'volume b: type hostPath is not allowed',
    ]);
  });

  it("holds pod-sequencer's own containers to the stricter promise", () => {
    expect(addedContainerViolations(toolsContainer(defaultConfig()))).toEqual([]);
    expect(addedContainerViolations(toolsContainer(defaultConfig(), '# the shared wrapper\n'))).toEqual([]);
    expect(addedContainerViolations({ name: 'x', securityContext: restrictedSecurityContext() })).toEqual([
      'container x: resources.requests must be set',
      'container x: resources.limits must be set',
    ]);
    expect(addedContainerViolations({ ...good(), resources: { requests: { cpu: '1m' }, limits: { memory: '1Mi' } } })).toEqual([
      'container c: securityContext.readOnlyRootFilesystem must be true',
    ]);
  });
});
