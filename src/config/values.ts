/**
 * Checks of string values the schema cannot express: URLs, host:port, DNS names. Each returns
 * what is wrong and what is accepted, or undefined when the value is fine.
 */

const dnsLabel = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/i;
const ipv4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

function isDnsName(name: string): boolean {
  const n = name.endsWith('.') ? name.slice(0, -1) : name;
  return n.length > 0 && n.length <= 253 && n.split('.').every((label) => dnsLabel.test(label));
}

export function checkDnsName(name: string): string | undefined {
  if (isDnsName(name)) return undefined;
  return `'${name}' is not a DNS name; use labels of letters, digits and - separated by dots, for example db.prod.svc.cluster.local`;
}

export function checkHttpUrl(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `'${url}' is not a URL; use http://host[:port]/path or https://...`;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    return `'${url}' is not accepted: use an http:// or https:// URL`;
  }
  if (!parsed.hostname) return `'${url}' has no host; use http://host[:port]/path`;
  // The URL parser silently drops tabs and newlines and accepts `$(...)` in hosts; refuse both here
  // rather than let the generated wait reject the value at run time.
  if (/[\s\x00-\x1f\x7f]/.test(url)) return `'${JSON.stringify(url).slice(1, -1)}' contains whitespace or control characters; percent-encode them (%20)`;
  if (!/^([a-z0-9._-]+|\[[0-9a-f:.]+\])$/i.test(parsed.hostname)) return `'${parsed.hostname}' is not a host name or IP address; use http://host[:port]/path`;
  return undefined;
}

/** Splits "host:port" and "[v6]:port"; undefined when the shape is wrong. */
export function splitHostPort(value: string): { host: string; port: string } | undefined {
  const m = /^\[([0-9A-Fa-f:.]+)\]:(\d+)$/.exec(value) ?? /^([^:[\]/\s]+):(\d+)$/.exec(value);
  return m ? { host: m[1], port: m[2] } : undefined;
}

export function checkHostPort(value: string): string | undefined {
  const hp = splitHostPort(value);
  if (!hp) return `'${value}' is not accepted; use host:port, for example db.prod.svc.cluster.local:5432 or [::1]:5432`;
  const port = Number(hp.port);
  if (port < 1 || port > 65535) return `port ${hp.port} is out of range; use 1-65535`;
  if (!value.startsWith('[') && !ipv4.test(hp.host) && !isDnsName(hp.host)) {
    return `'${hp.host}' is not a host name or IPv4 address; use host:port`;
  }
  return undefined;
}
