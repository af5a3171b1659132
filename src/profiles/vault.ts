import type { VendorTable } from './types.js';

const TAG = 'hashicorp/vault-k8s@v1.7.0:';
const ANNOTATIONS = 'agent-inject/agent/annotations.go';

/** Vault agent has no readiness endpoint: it can be ordered and shut down, not awaited. */
export const vault: VendorTable = {
  name: 'vault',
  description: 'Vault agent',
  releases: { oldest: '1.4.0', newest: '1.7.0', scheme: 'vault-k8s (the injector) x.y.z; the agent image tag is the Vault release' },
  timeoutSeconds: 120,
  containerName: [{ value: 'vault-agent', source: `${TAG}agent-inject/agent/container_sidecar.go`, quote: 'Name:         "vault-agent"' }],
  shutdown: [
    {
      value: { http: 'http://127.0.0.1:8200/agent/v1/quit', method: 'POST' },
      source: TAG + ANNOTATIONS,
      quote: 'AnnotationAgentEnableQuit = "vault.hashicorp.com/agent-enable-quit"',
    },
  ],
  shutdownSwitch: [
    {
      value: { annotations: { 'vault.hashicorp.com/agent-enable-quit': 'true' } },
      source: TAG + ANNOTATIONS,
      quote: 'AnnotationAgentEnableQuit = "vault.hashicorp.com/agent-enable-quit"',
    },
  ],
  // The injector gives the agent sidecar no readiness or startup probe, only a preStop hook, so
  // nothing holds the app until the agent listens: a quit call from an app that ended first can
  // find no listener yet, and is retried.
  shutdownRetry: [{ value: true, source: `${TAG}agent-inject/agent/container_sidecar.go`, quote: 'func (a *Agent) createLifecycle() corev1.Lifecycle' }],
  ports: [
    {
      value: { url: 'shutdown', annotation: 'vault.hashicorp.com/agent-cache-listener-port', default: '8200' },
      source: TAG + ANNOTATIONS,
      quote: 'AnnotationAgentCacheListenerPort = "vault.hashicorp.com/agent-cache-listener-port"',
    },
  ],
  setupInit: [{ value: 'vault-agent-init', source: `${TAG}agent-inject/agent/container_init_sidecar.go`, quote: 'Name:         "vault-agent-init"' }],
  injection: [
    {
      value: { key: 'vault.hashicorp.com/agent-inject', at: 'pod', in: 'annotation', on: ['true'], off: ['false'] },
      source: TAG + ANNOTATIONS,
      quote: 'AnnotationAgentInject = "vault.hashicorp.com/agent-inject"',
    },
  ],
  switches: [
    {
      value: { name: 'prePopulateOnly', key: 'vault.hashicorp.com/agent-pre-populate-only' },
      source: TAG + ANNOTATIONS,
      quote: 'AnnotationAgentPrePopulateOnly = "vault.hashicorp.com/agent-pre-populate-only"',
    },
    {
      value: { name: 'quit', key: 'vault.hashicorp.com/agent-enable-quit' },
      source: TAG + ANNOTATIONS,
      quote: 'AnnotationAgentEnableQuit = "vault.hashicorp.com/agent-enable-quit"',
    },
  ],
};
