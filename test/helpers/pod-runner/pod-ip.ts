/**
 * The pod's address in an isolated run, put on the loopback device of its network namespace (as a
 * CNI plugin gives a pod an address of its own): the kubelet's probes and http/tcp hooks go there,
 * so a sidecar that listens on 127.0.0.1 only (cloud-sql-proxy without --http-address) fails them,
 * as in a cluster. From the documentation range (RFC 5737), which no real network routes.
 */
export const POD_IP = '192.0.2.10';
