/**
 * Sums a V8 CPU profile's self time by function and by file, main thread only
 * (what blocks the event loop). Usage: tsx bench/load/profile.ts FILE.cpuprofile [--top 25] [--at US[,US…]]
 * `--at`: what the thread ran in the 400 ms after each given time (microseconds on the profile's clock, as
 * bench:load prints beside each slow /health sample): busy and idle time, and the busiest call stacks.
 * The last lines sum up the burst alone (from the first sample of a scan submission, an API scan
 * or an outbound request to the end): busy time, the longest busy stretch in ms and in samples (a stretch's
 * length in ms grows when the thread waits for a core; its sample count less so), and the time
 * spent in the embedded database (PGlite and its WebAssembly) on this thread.
 */
import { readFile } from 'node:fs/promises';

interface ProfileNode {
  readonly id: number;
  readonly children?: readonly number[];
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
}
interface Profile {
  readonly startTime: number;
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

function shortUrl(url: string): string {
  const at = url.lastIndexOf('node_modules/');
  if (at >= 0) return url.slice(at + 'node_modules/'.length);
  const src = url.search(/\/(src|bench|test)\//);
  return src >= 0 ? url.slice(src + 1) : url || '(native)';
}

function add(map: Map<string, number>, key: string, ms: number): void {
  map.set(key, (map.get(key) ?? 0) + ms);
}

function print(title: string, map: Map<string, number>, total: number, top: number): void {
  console.log(`\n${title}`);
  for (const [key, ms] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`  ${ms.toFixed(0).padStart(7)} ms ${((100 * ms) / total).toFixed(1).padStart(5)}%  ${key}`);
  }
}

/** Each node's nearest ancestor (itself included) that is JavaScript, so native calls count for their caller. */
function callers(nodes: readonly ProfileNode[]): Map<number, ProfileNode> {
  const parent = new Map<number, ProfileNode>();
  for (const node of nodes) for (const child of node.children ?? []) parent.set(child, node);
  const owner = new Map<number, ProfileNode>();
  for (const node of nodes) {
    let at: ProfileNode | undefined = node;
    while (at !== undefined && at.callFrame.url === '') at = parent.get(at.id);
    owner.set(node.id, at ?? node);
  }
  return owner;
}

/** Runs of busy samples (no idle in between) longer than `minMs`: the tasks that delay /health. */
function longTasks(profile: Profile, byId: Map<number, ProfileNode>, minMs: number): { count: number; ms: number; byFile: Map<string, number> } {
  const owner = callers(profile.nodes);
  const byFile = new Map<string, number>();
  let run: Array<[ProfileNode, number]> = [];
  let count = 0;
  let ms = 0;
  let clock = 0;
  const flush = (): void => {
    const length = run.reduce((sum, [, d]) => sum + d, 0);
    if (length >= minMs) {
      count += 1;
      ms += length;
      const mine = new Map<string, number>();
      for (const [node, d] of run) add(mine, shortUrl(owner.get(node.id)?.callFrame.url ?? ''), d);
      for (const [file, d] of mine) add(byFile, file, d);
      const main = [...mine].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([f, d]) => `${f} ${d.toFixed(0)}`);
      console.log(`  at ${(clock / 1000).toFixed(2)} s: ${length.toFixed(0)} ms (${main.join(', ')})`);
    }
    run = [];
  };
  profile.samples.forEach((id, i) => {
    const node = byId.get(id);
    clock += (profile.timeDeltas[i] ?? 0) / 1000;
    if (node === undefined || node.callFrame.functionName === '(idle)') return flush();
    run.push([node, (profile.timeDeltas[i] ?? 0) / 1000]);
  });
  flush();
  return { count, ms, byFile };
}

/** What ran from `atUs` for `windowMs`: busy and idle time, and the call stacks (JavaScript frames, innermost 4) that took the most. */
function around(profile: Profile, byId: Map<number, ProfileNode>, atUs: number, windowMs: number): void {
  const parent = new Map<number, ProfileNode>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node);
  const stacks = new Map<string, number>();
  let clock = profile.startTime;
  let busy = 0;
  let idle = 0;
  profile.samples.forEach((id, i) => {
    clock += profile.timeDeltas[i] ?? 0;
    if (clock < atUs || clock > atUs + windowMs * 1000) return;
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const node = byId.get(id);
    if (node === undefined || node.callFrame.functionName === '(idle)') {
      idle += ms;
      return;
    }
    busy += ms;
    const frames: string[] = [];
    for (let at: ProfileNode | undefined = node; at !== undefined && frames.length < 4; at = parent.get(at.id)) {
      if (at.callFrame.url !== '' || frames.length === 0) frames.push(`${at.callFrame.functionName || '(anonymous)'} ${shortUrl(at.callFrame.url)}:${at.callFrame.lineNumber + 1}`);
    }
    add(stacks, frames.join(' < '), ms);
  });
  const inProfile = atUs >= profile.startTime && atUs <= clock;
  console.log(`\nfrom ${atUs} µs (${((atUs - profile.startTime) / 1e6).toFixed(2)} s into the profile${inProfile ? '' : ', OUTSIDE it'}), ${windowMs} ms: ${busy.toFixed(0)} ms busy, ${idle.toFixed(0)} ms idle`);
  for (const [stack, ms] of [...stacks].sort((a, b) => b[1] - a[1]).slice(0, 8)) console.log(`  ${ms.toFixed(1).padStart(6)} ms  ${stack}`);
}

async function main(): Promise<void> {
  const file = process.argv[2];
  if (file === undefined) throw new Error('usage: profile.ts FILE.cpuprofile [--top N]');
  const topAt = process.argv.indexOf('--top');
  const top = topAt >= 0 ? Number(process.argv[topAt + 1]) : 25;
  const profile = JSON.parse(await readFile(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const frame = byId.get(id)?.callFrame;
    if (frame === undefined) return;
    total += ms;
    const where = shortUrl(frame.url);
    add(byFunction, `${frame.functionName || '(anonymous)'} ${where}:${frame.lineNumber + 1}`, ms);
    add(byFile, where, ms);
  });
  const idle = byFunction.get('(idle) (native):0') ?? 0;
  console.log(`${file}: ${total.toFixed(0)} ms sampled, ${(total - idle).toFixed(0)} ms busy`);
  print('self time by file', byFile, total, top);
  print('self time by function', byFunction, total, top);
  console.log('\nbusy stretches of 20 ms or more (start, length, files):');
  const atArg = process.argv.indexOf('--at');
  if (atArg >= 0) {
    for (const at of (process.argv[atArg + 1] ?? '').split(',').map(Number).filter(Number.isFinite)) around(profile, byId, at, 400);
    return;
  }
  const tasks = longTasks(profile, byId, 20);
  console.log(`${tasks.count} stretches, ${tasks.ms.toFixed(0)} ms in all`);
  print('their time by file (native calls counted for their JavaScript caller)', tasks.byFile, tasks.ms, top);
  const burst = burstFigures(profile, byId);
  if (burst === undefined) return console.log('\nno scan found in the profile: no burst figures');
  console.log(`\nduring the burst (from ${(burst.startMs / 1000).toFixed(2)} s): ${burst.busyMs.toFixed(0)} ms busy of ${burst.sampledMs.toFixed(0)} ms;`);
  console.log(`  longest busy stretch ${burst.longestMs.toFixed(0)} ms, longest in samples ${burst.longestSamples}; embedded database on this thread ${burst.databaseMs.toFixed(0)} ms`);
}

interface BurstFigures {
  readonly startMs: number;
  readonly sampledMs: number;
  readonly busyMs: number;
  readonly longestMs: number;
  readonly longestSamples: number;
  readonly databaseMs: number;
}

/**
 * The figures of the burst: from the first sample in the scan service (a submission) or under an
 * API scan or an outbound request (scanApiTarget, safeFetch; API scans run on their own thread in
 * the service, so its main thread first shows the submissions).
 */
function burstFigures(profile: Profile, byId: Map<number, ProfileNode>): BurstFigures | undefined {
  const parent = new Map<number, ProfileNode>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node);
  const within = (node: ProfileNode, test: (frame: ProfileNode['callFrame']) => boolean): boolean => {
    for (let at: ProfileNode | undefined = node; at !== undefined; at = parent.get(at.id)) if (test(at.callFrame)) return true;
    return false;
  };
  let clock = 0;
  let start: number | undefined;
  let sampled = 0;
  let busy = 0;
  let database = 0;
  let run = { ms: 0, samples: 0 };
  let longest = { ms: 0, samples: 0 };
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    clock += ms;
    const node = byId.get(id);
    if (node === undefined) return;
    if (start === undefined && within(node, (f) => (f.url.includes('/services/scans/service.') && (f.functionName === 'run' || f.functionName === 'submit')) || f.functionName === 'scanApiTarget' || f.functionName === 'safeFetch')) start = clock;
    if (start === undefined) return;
    sampled += ms;
    if (node.callFrame.functionName === '(idle)') {
      run = { ms: 0, samples: 0 };
      return;
    }
    busy += ms;
    run = { ms: run.ms + ms, samples: run.samples + 1 };
    longest = { ms: Math.max(longest.ms, run.ms), samples: Math.max(longest.samples, run.samples) };
    if (within(node, (f) => f.url.includes('@electric-sql/pglite'))) database += ms;
  });
  if (start === undefined) return undefined;
  return { startMs: start, sampledMs: sampled, busyMs: busy, longestMs: longest.ms, longestSamples: longest.samples, databaseMs: database };
}

await main();
