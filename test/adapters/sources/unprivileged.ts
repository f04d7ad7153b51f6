/**
 * Child process for tests about files the scanning user cannot read: as root (where permissions
 * do not stop a read) it first becomes `nobody`, then runs one of:
 *   walk DIR     walkLocalDirectory over DIR, printing the workspace's files, stats, warnings and held paths
 *   cli ARGS…    the CLI (runCli) with ARGS, printing {code, out, err}
 * Run with `node --import tsx` and TSX_DISABLE_CACHE=1 (nobody cannot write root's tsx cache).
 */
import process from 'node:process';

const NOBODY = 65534;

if (process.getuid?.() === 0) {
  process.setgid?.(NOBODY);
  process.setuid?.(NOBODY);
}

const [mode, ...args] = process.argv.slice(2);
if (mode === 'walk') {
  const { walkLocalDirectory } = await import('../../../src/adapters/sources/local.js');
  const arriving = await walkLocalDirectory(args[0] ?? '.', { memoryBytes: 16 * 1024 * 1024 });
  const ws = await arriving.workspace;
  process.stdout.write(JSON.stringify({ files: ws.files, stats: ws.stats, warnings: ws.warnings ?? [], held: [...(ws.memory?.files.keys() ?? [])] }));
} else if (mode === 'cli') {
  const { runCli } = await import('../../../src/cli/program.js');
  let out = '';
  let err = '';
  const code = await runCli(args, { env: { ...process.env }, cwd: process.cwd(), out: (t) => (out += t), err: (t) => (err += t) });
  process.stdout.write(JSON.stringify({ code, out, err }));
} else {
  throw new Error(`unknown mode ${String(mode)}`);
}
