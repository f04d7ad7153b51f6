import { namedChildren, textOf } from '../ast.js';
import { defineRule, OWASP, JAVA, type Match, type RuleContext } from '../rule.js';
import { isDynamic, sink, stringLiteral, taintSource } from '../helpers.js';

const SHELLS = /^(?:\/(?:usr\/)?bin\/)?(?:sh|bash|zsh|cmd|cmd\.exe|powershell)$/;

/** Names declared with a type (`Runtime r = …`, a parameter `Runtime r`, a field) or bound to `Runtime.getRuntime()` / `new ProcessBuilder(…)`. */
function namesOfType(text: string, type: string, factory: RegExp): Set<string> {
  const names = new Set<string>();
  for (const m of text.matchAll(new RegExp(`\\b${type}\\s+(\\w+)\\s*[=;,)]`, 'g'))) names.add(m[1] as string);
  for (const m of text.matchAll(new RegExp(`\\b(\\w+)\\s*=\\s*${factory.source}`, 'g'))) names.add(m[1] as string);
  return names;
}

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  const runtimes = namesOfType(ctx.text, 'Runtime', /Runtime\s*\.\s*getRuntime\s*\(\s*\)/);
  const builders = namesOfType(ctx.text, 'ProcessBuilder', /new\s+ProcessBuilder\b/);
  const isRuntime = (receiver: string): boolean => /(?:^|\.)getRuntime\(\)$/.test(receiver) || runtimes.has(receiver.replace(/^this\./, ''));
  for (const call of ctx.calls) {
    const receiver = call.receiver ? textOf(ctx.text, call.receiver).replace(/\s+/g, '') : '';
    if (!call.isNew && call.method === 'command' && builders.has(receiver.replace(/^this\./, ''))) {
      // `pb.command(list)` / `pb.command("sh", "-c", script)`: the same arguments as the constructor.
      const shell = SHELLS.test(stringLiteral(ctx, call.args[0]) ?? '');
      const tainted = call.args.find((a) => taintSource(ctx, a, { kind: 'shell' }));
      const target = tainted ?? (shell ? call.args.find((a, i) => i > 0 && stringLiteral(ctx, a) === undefined) : undefined);
      const m = sink(ctx, call, target, { pattern: shell && !!target, what: 'the command `ProcessBuilder.command` sets', kind: 'shell' });
      if (m) out.push(m);
      continue;
    }
    if (!call.isNew && call.method === 'exec' && call.receiver && isRuntime(receiver)) {
      const arg = call.args[0];
      if (!arg) continue;
      // `exec(new String[] {"sh", "-c", cmd})`: the script element decides.
      const elements = arg.type === 'array_creation_expression' ? namedChildren(namedChildren(arg).find((c) => c.type === 'array_initializer') ?? arg) : undefined;
      if (elements) {
        const shell = SHELLS.test(stringLiteral(ctx, elements[0]) ?? '');
        const tainted = elements.find((e) => taintSource(ctx, e, { kind: 'shell' }));
        const target = tainted ?? (shell ? elements.find((e, i) => i > 0 && stringLiteral(ctx, e) === undefined) : undefined);
        const m = sink(ctx, call, target, { pattern: shell && !!target, what: 'the command `Runtime.exec` runs', kind: 'shell' });
        if (m) out.push(m);
        continue;
      }
      const m = sink(ctx, call, arg, { pattern: stringLiteral(ctx, arg) === undefined && (isDynamic(ctx, arg) || arg.type === 'identifier' || arg.type === 'method_invocation'), what: 'the command `Runtime.exec` runs', kind: 'shell' });
      if (m) out.push(m);
    } else if (call.isNew && call.method === 'ProcessBuilder') {
      const shell = SHELLS.test(stringLiteral(ctx, call.args[0]) ?? '');
      const tainted = call.args.find((a) => taintSource(ctx, a, { kind: 'shell' }));
      const target = tainted ?? (shell ? call.args.find((a, i) => i > 0 && stringLiteral(ctx, a) === undefined) : undefined);
      const m = sink(ctx, call, target, { pattern: shell && !!target, what: 'the command `ProcessBuilder` runs', kind: 'shell' });
      if (m) out.push(m);
    }
  }
  return out;
}

export const rule = defineRule({
  id: 'java-command-injection',
  title: 'Java OS command built from untrusted data',
  severity: 'CRITICAL',
  confidence: 0.5,
  taintConfidence: 0.9,
  cwe: 'CWE-78',
  owasp: OWASP.injection,
  languages: JAVA,
  description: '`Runtime.exec` or `ProcessBuilder` runs a command built from non-constant values (or a shell with `-c` and a run-time script), so input can change which program runs or inject shell syntax.',
  remediation: 'Run a fixed program with separate, validated arguments (`new ProcessBuilder("ping", "-c", "1", host)`), never a shell with `-c`, and check values against an allow-list.',
  docs: {
    summary: '`Runtime.exec(…)` on any `Runtime` value (`Runtime.getRuntime()`, a variable, field or parameter of type `Runtime`) with a non-constant command string (0.5) or one carrying request data (0.9), and `exec(String[])`/`new ProcessBuilder(…)` running `sh -c`/`cmd /c` with a run-time script or request data among the arguments.',
    examples: [
      {
        language: 'java',
        bad: 'class Ping {\n  void run(HttpServletRequest request) throws IOException {\n    String host = request.getParameter("host");\n    Runtime.getRuntime().exec("ping -c 1 " + host);\n  }\n}',
        good: 'class Ping {\n  void run() throws IOException {\n    new ProcessBuilder("ping", "-c", "1", "localhost").start();\n  }\n}',
      },
    ],
  },
  match,
  triggers: ['exec', 'ProcessBuilder'],
});
