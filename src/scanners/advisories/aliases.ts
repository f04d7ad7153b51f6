import type { OsvVulnerability } from './osv-schema.js';
import { compareText } from '../../core/order.js';

/** Groups records that share an id or alias (union–find over the ids). */
export function groupAliases(records: readonly OsvVulnerability[]): OsvVulnerability[][] {
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    let root = x;
    while (parent.get(root) !== root) root = parent.get(root) ?? root;
    parent.set(x, root);
    return root;
  };
  const union = (a: string, b: string) => {
    if (!parent.has(a)) parent.set(a, a);
    if (!parent.has(b)) parent.set(b, b);
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent.set(rb, ra);
  };
  for (const r of records) {
    union(r.id, r.id);
    for (const alias of r.aliases ?? []) if (typeof alias === 'string') union(r.id, alias);
  }
  const groups = new Map<string, OsvVulnerability[]>();
  for (const r of records) {
    const root = find(r.id);
    const group = groups.get(root);
    if (group) group.push(r);
    else groups.set(root, [r]);
  }
  // Stable order: by the smallest id in each group; inside a group by id.
  return [...groups.values()].map((g) => [...g].sort((a, b) => compareText(a.id, b.id))).sort((a, b) => compareText(a[0]?.id ?? '', b[0]?.id ?? ''));
}
