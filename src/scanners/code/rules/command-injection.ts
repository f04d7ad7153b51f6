import { namedChildren, unwrap } from '../ast.js';
import type { SyntaxNode } from '../parser.js';
import { OWASP, JS_AND_PYTHON, type Match, type RuleContext } from '../rule.js';
import { defineTaintRule } from '../sink-spec.js';
import { COMMAND_INJECTION_SINKS, PY_SUBPROCESS } from '../taint-sinks.js';
import { SHELL_COMMAND_FLAG, SHELL_PROGRAM } from '../taint-spec.js';
import { argument, assignedValues, isDynamic, isTrueLiteral, option, sink, stringLiteral } from '../helpers.js';

/*
 * The command-string sinks are rows in taint-sinks.ts. What stays code here is structural: an
 * argument list that runs a shell (`['sh', '-c', cmd]`), and `spawn(cmd, args, { shell: true })`,
 * where the command or, failing that, its arguments are checked.
 */
const JS_SPAWN = new Set(['child_process.spawn', 'child_process.spawnSync', 'child_process.execFile', 'child_process.execFileSync', 'execa', 'execa.execa', 'execa.sync']);
/** `os.execl('/bin/sh', 'sh', '-c', cmd)`, `os.spawnlp(mode, 'sh', 'sh', '-c', cmd)`: argument lists after the program. */
const PY_EXEC = new Set(['os.execl', 'os.execlp', 'os.execv', 'os.execvp', 'os.execve', 'os.execvpe', 'os.spawnl', 'os.spawnlp', 'os.spawnv', 'os.spawnvp', 'asyncio.create_subprocess_exec']);
const PY_LIST_FORM = new Set(PY_SUBPROCESS);

/** The elements of an argument list: a list literal, or a variable built from one with `append`/`push`/`extend` (in any branch). */
function elements(ctx: RuleContext, node: SyntaxNode | undefined): SyntaxNode[] {
  if (!node) return [];
  const n = unwrap(node, ctx.profile);
  if (['list', 'tuple', 'array', 'argument_list', 'arguments'].includes(n.type)) return namedChildren(n).flatMap((c) => (['list', 'tuple', 'array'].includes(unwrap(c, ctx.profile).type) ? namedChildren(unwrap(c, ctx.profile)) : [c]));
  if (n.type !== 'identifier') return [];
  return assignedValues(ctx, n).flatMap((d) => (['list', 'tuple', 'array', 'argument_list', 'arguments'].includes(unwrap(d, ctx.profile).type) ? elements(ctx, d) : []));
}

/** `['sh', '-c', cmd]`, `['cmd.exe', '/c', cmd]`: an argument list that runs a shell on a command line. */
function runsShell(ctx: RuleContext, program: SyntaxNode | undefined, args: readonly SyntaxNode[]): boolean {
  const values = [program, ...args].map((a) => (a ? stringLiteral(ctx, a) : undefined));
  return values.some((v) => v !== undefined && SHELL_PROGRAM.test(v)) && values.some((v) => v !== undefined && SHELL_COMMAND_FLAG.test(v));
}

/** Argument lists run by a shell, and `spawn` with `shell: true`. */
function shellArgumentLists(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  const dynamic = (a: SyntaxNode) => isDynamic(ctx, a);
  for (const call of ctx.calls) {
    const q = call.qualified;
    let m: Match | undefined;
    if (ctx.language === 'python') {
      // `shell=True` and `create_subprocess_shell` are the rows' (a shell command string).
      if (PY_LIST_FORM.has(q) && (isTrueLiteral(ctx, call.kwargs.get('shell')) || q.endsWith('_shell'))) continue;
      if (PY_LIST_FORM.has(q) || PY_EXEC.has(q)) {
        // `subprocess.run(['sh', '-c', cmd])`: no shell=True, but the program is a shell given a command line.
        const argv = PY_EXEC.has(q) ? call.args.slice(1) : [argument(call, 0, 'args')].filter((a): a is SyntaxNode => a !== undefined);
        const list = argv.flatMap((a) => elements(ctx, a));
        if (runsShell(ctx, undefined, list)) m = sink(ctx, call.node, argv[0], { pattern: () => list.some((a) => dynamic(a)), what: 'a command line run by a shell (`-c`)', kind: 'shell' });
      }
    } else if (JS_SPAWN.has(q) && isTrueLiteral(ctx, option(ctx, call, 'shell'))) {
      m = sink(ctx, call.node, argument(call, 0), { pattern: dynamic, what: 'a command run with `shell: true`', kind: 'shell' }) ?? sink(ctx, call.node, argument(call, 1), { pattern: false, what: 'the arguments of a command run with `shell: true`', kind: 'shell' });
    } else if (JS_SPAWN.has(q) && runsShell(ctx, argument(call, 0), elements(ctx, argument(call, 1)))) {
      // `spawn('sh', ['-c', cmd])`: the shell runs the command line it is given.
      const list = elements(ctx, argument(call, 1));
      m = sink(ctx, call.node, argument(call, 1), { pattern: () => list.some((a) => dynamic(a)), what: 'a command line run by a shell (`-c`)', kind: 'shell' });
    }
    if (m) out.push(m);
  }
  return out;
}

export const rule = defineTaintRule(
  {
    id: 'command-injection',
    title: 'OS command built from untrusted data',
    severity: 'CRITICAL',
    confidence: 0.5,
    taintConfidence: 0.9,
    cwe: 'CWE-78',
    owasp: OWASP.injection,
    languages: JS_AND_PYTHON,
    description: 'A command line run through a shell is built from values that are not constant, so shell metacharacters in them run extra commands.',
    remediation: 'Run the program without a shell and pass arguments as an array (`execFile`/`spawn` without `shell: true`, `subprocess.run([...])` without `shell=True`); validate values against an allow-list.',
    docs: {
      summary:
        'Shell-executing calls (`child_process.exec`/`execSync`, `spawn`/`execFile` with `shell: true`, shelljs; Python `os.system`, `os.popen`, `subprocess.*` with `shell=True`), and argument lists that start a shell on a command line (`[\'sh\', \'-c\', cmd]`, `[\'cmd.exe\', \'/c\', cmd]`, built in place or with `append`), given request data (0.9) or a command string built at run time (0.5). `shlex.quote` stops the flow; escaping for HTML does not.',
    },
    triggers: {
      js: ['child_process', 'shelljs', 'execa'],
      // A list-form call runs a shell only with a `-c`/`/c` flag: a whole string literal.
      python: ['system', 'popen', 'popen2', 'popen3', 'getoutput', 'getstatusoutput', 'shell', 'create_subprocess_shell', /(['"])(?:-[lie]?c|\/[ck]|-command|-encodedcommand)\1/i],
    },
  },
  COMMAND_INJECTION_SINKS,
  shellArgumentLists,
);
