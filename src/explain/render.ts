/** A Timeline as a readable text block, or as a mermaid sequence diagram. */
import { diffLines } from 'diff';
import { ROLE_LABEL, type Timeline } from './model.js';

export function timelineText(t: Timeline, where: string): string {
  const lines = [`${t.title} (${where})`, '  start:'];
  t.start.forEach((s, i) => {
    lines.push(`    ${i + 1}. ${ROLE_LABEL[s.role]} ${s.name}: ${s.runs}`);
    if (s.warning) lines.push(`       ! ${s.warning}`);
    if (i < t.start.length - 1) lines.push(`       -> next starts ${s.gate ? `when ${s.gate}` : 'at once'}`);
  });
  lines.push('  stop:', ...t.stop.map((l) => `    - ${l}`));
  return lines.join('\n') + '\n';
}

/** Every line of the "after" block, marked `-`/`+` where it differs from "before". */
export function textDiff(before: string, after: string): string {
  if (before === after) return before.replace(/^(?=.)/gm, '  ') + '  (unchanged: pod-sequencer changes nothing in this workload)\n';
  return diffLines(before, after)
    .map((part) => part.value.replace(/\n$/, '').split('\n').map((l) => `${part.added ? '+' : part.removed ? '-' : ' '} ${l}`).join('\n'))
    .join('\n') + '\n';
}

/** Mermaid reads `;` as a statement end and `#` as an entity start. */
const safe = (s: string) => s.replace(/#/g, '#35;').replace(/;/g, ',').replace(/\s+/g, ' ');

export function timelineMermaid(t: Timeline): string {
  const out = ['sequenceDiagram', `  title ${safe(t.title)}`, '  participant K as kubelet'];
  t.start.forEach((s, i) => out.push(`  participant c${i} as ${safe(s.name)} (${ROLE_LABEL[s.role]})`));
  t.start.forEach((s, i) => {
    const c = `c${i}`;
    out.push(`  K->>${c}: start`, `  Note right of ${c}: ${safe(s.runs)}`);
    if (s.warning) out.push(`  Note over ${c}: ⚠ ${safe(s.warning)}`);
    if (i === t.start.length - 1 || s.gate === undefined) return;
    if (s.gate === '') out.push(`  Note over K: next starts at once`);
    else if (s.gate.startsWith('it exits')) out.push(`  ${c}-->>K: exits${s.gate.endsWith('0') ? ' 0' : ''}`);
    else out.push(`  K->>${c}: ${safe(s.gate.replace(/ (passes|returns)( |$)/, '$2'))}`, `  ${c}-->>K: ok`);
  });
  const last = t.start.length ? `c${t.start.length - 1}` : 'K';
  for (const l of t.stop) out.push(`  Note over K,${last}: ${safe(l)}`);
  return out.join('\n') + '\n';
}

export function fenced(title: string, mermaid: string): string {
  return `### ${title}\n\n\`\`\`mermaid\n${mermaid}\`\`\`\n`;
}
