/**
 * The facts file scanners report about the files of one scan (FileScanner.takeFacts), gathered
 * batch by batch on the main thread for the repository scanner of the same name. Bounded and
 * deterministic: batches finish in any order, so what is kept is chosen by path (the first
 * MAX_SCAN_FACTS files in path order), never by arrival.
 */
import { MAX_SCAN_FACTS, type FileFacts } from '../scanners/contract.js';

const byPath = (a: FileFacts, b: FileFacts): number => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

export interface GatheredFacts {
  readonly facts: readonly FileFacts[];
  /** More files than the limit had facts: those after the first MAX_SCAN_FACTS by path were dropped. */
  readonly truncated: boolean;
}

export class FactsGatherer {
  private readonly lists = new Map<string, FileFacts[]>();
  private readonly over = new Set<string>();

  constructor(private readonly limit = MAX_SCAN_FACTS) {}

  add(facts: Readonly<Record<string, readonly FileFacts[]>> | undefined): void {
    if (!facts) return;
    for (const [name, found] of Object.entries(facts)) {
      let list = this.lists.get(name);
      if (!list) this.lists.set(name, (list = []));
      for (const f of found) list.push(f);
      // Memory stays within twice the limit: trimming keeps the first by path, whatever comes later.
      if (list.length > 2 * this.limit) this.trim(name, list);
    }
  }

  /** The facts of one scanner, sorted by path. */
  of(name: string): GatheredFacts {
    const list = this.lists.get(name) ?? [];
    this.trim(name, list);
    return { facts: list, truncated: this.over.has(name) };
  }

  private trim(name: string, list: FileFacts[]): void {
    list.sort(byPath);
    if (list.length <= this.limit) return;
    list.length = this.limit;
    this.over.add(name);
  }
}
