/** `explain`: each workload's start/stop sequence after the function would run (and before, with --diff). */
import { parseDocument } from 'yaml';
import type { Config } from '../config/types.js';
import { MAX_ALIASES } from '../krm/io.js';
import type { ManifestFile } from '../files/read.js';
import { runFiles } from '../files/run.js';
import { listOf, readFacts, type ItemText } from '../process.js';
import type { InputFacts } from '../pod/context.js';
import { templatePathFor } from '../workloads/kinds.js';
import { isObject, makeWorkload } from '../workloads/workload.js';
import { timeline, type Timeline } from './model.js';
import { fenced, textDiff, timelineMermaid, timelineText } from './render.js';

export interface ExplainOptions {
  format: 'text' | 'mermaid';
  diff: boolean;
}

function model(text: string, templatePath: readonly string[], cfg: Config, facts: InputFacts): Timeline | undefined {
  const obj = parseDocument(text).toJS({ maxAliasCount: MAX_ALIASES }) as unknown;
  const w = isObject(obj) ? makeWorkload(obj, templatePath) : undefined;
  return w && timeline(w, cfg, facts);
}

export function explainFiles(files: readonly ManifestFile[], cfg: Config, opts: ExplainOptions): string {
  const { files: outcomes } = runFiles(files, { ...cfg, mode: 'apply' });
  // Namespace labels decide mesh injection: read across all files, as the run itself does.
  const facts = readFacts(files.flatMap((f) => f.docs));
  const blocks: string[] = [];
  const add = (item: ItemText, afterText: string, where: string) => {
    const path = templatePathFor(item.apiVersion, item.kind, cfg.workloadKinds);
    const before = path && model(item.text, path, cfg, facts);
    if (!path || !before) return;
    const after = model(afterText, path, cfg, facts) ?? before;
    if (opts.format === 'mermaid') {
      if (opts.diff)
        blocks.push(fenced(`${before.title} (${where}): before`, timelineMermaid(before)), fenced(`${after.title}: after`, timelineMermaid(after)));
      else blocks.push(fenced(`${after.title} (${where})`, timelineMermaid(after)));
    } else blocks.push(opts.diff ? textDiff(timelineText(before, where), timelineText(after, where)) : timelineText(after, where));
  };
  for (const { file, replacements } of outcomes) {
    file.docs.forEach((doc, d) => {
      const after = replacements.get(d) ?? doc.text;
      const at = (offset: number) => `${file.path}:${file.lines.linePos(doc.start + offset).line}`;
      const list = listOf(doc);
      if (!list) return add(doc, after, at(0));
      // A List's objects, before and after (a changed List is still a List of as many items).
      const afterList = listOf({ text: after, kind: doc.kind }) ?? list;
      list.items.forEach((item, k) => add(item, afterList.items[k]?.text ?? item.text, at(item.start)));
    });
  }
  return blocks.join('\n');
}
