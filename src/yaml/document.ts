/**
 * The `yaml` library's parseDocument, with its console warnings off. `yaml` prints some of what
 * it notices while making JS values through process.emitWarning (node_modules/yaml/dist/nodes/
 * addPairToJSMap.js: "Keys with collection values will be stringified", which a sed template's
 * `image: {{ENVOY_IMAGE}}` gives), and that text on stderr names no file and no line. What matters
 * about such input reaches the user as a result at its field (src/workloads/shape.ts), so the
 * library's own log is silenced here, for every caller.
 */
import { parse as yamlParse, parseDocument as yamlParseDocument, type DocumentOptions, type ParseOptions, type SchemaOptions, type ToJSOptions } from 'yaml';

type Options = ParseOptions & DocumentOptions & SchemaOptions;

export function parseDocument(text: string, options: Options = {}) {
  return yamlParseDocument(text, { logLevel: 'error', ...options });
}

export function parse(text: string, options: Options & ToJSOptions = {}): unknown {
  return yamlParse(text, { logLevel: 'error', ...options });
}
