import { defineRule, OWASP, RUBY, type Match, type RuleContext } from '../rule.js';
import { isDynamic, sink } from '../helpers.js';

const KERNEL = new Set(['system', 'exec', 'spawn', 'Kernel.system', 'Kernel.exec', 'Kernel.spawn', 'IO.popen', 'Open3.capture2', 'Open3.capture2e', 'Open3.capture3', 'Open3.popen2', 'Open3.popen2e', 'Open3.popen3', 'Process.spawn', 'PTY.spawn']);

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  for (const call of ctx.calls) {
    if (!KERNEL.has(call.name)) continue;
    // `system("ls", dir)` (several arguments) runs no shell; only a single command string does.
    const args = call.args.filter((a) => a.type !== 'pair' && a.type !== 'hash');
    const first = args[0]?.type === 'hash' ? args[1] : args[0];
    if (!first || args.length > 1) continue;
    const m = sink(ctx, call, first, { pattern: isDynamic(ctx, first), what: `the shell command of \`${call.name}\``, kind: 'shell' });
    if (m) out.push(m);
  }
  for (const shell of ctx.nodes.of('subshell')) {
    const m = sink(ctx, shell, shell, { pattern: isDynamic(ctx, shell), what: 'a backtick shell command', kind: 'shell' });
    if (m) out.push(m);
  }
  return out;
}

export const rule = defineRule({
  id: 'ruby-command-injection',
  title: 'Ruby shell command built from untrusted data',
  severity: 'CRITICAL',
  confidence: 0.5,
  taintConfidence: 0.9,
  cwe: 'CWE-78',
  owasp: OWASP.injection,
  languages: RUBY,
  description: 'A single command string built at run time is run through a shell (`system`, `exec`, `spawn`, `IO.popen`, `Open3.*`, backticks, `%x()`), so shell metacharacters in input run arbitrary commands.',
  remediation: 'Pass the program and its arguments separately (`system("ping", "-c", "1", host)`, `Open3.capture2("ping", "-c", "1", host)`), or escape with `Shellwords.escape` / `String#shellescape`.',
  docs: {
    summary: '`system`, `exec`, `spawn`, `IO.popen`, `Open3.capture*`/`popen*` called with one interpolated command string, and backtick/`%x()` commands with interpolation: request data (`params`, `cookies`, `request.*`) gives 0.9, other non-constant values 0.5.',
    examples: [
      {
        language: 'ruby',
        bad: 'def ping\n  host = params[:host]\n  output = `ping -c 1 #{host}`\n  render plain: output\nend',
        good: 'def ping\n  output, _status = Open3.capture2("ping", "-c", "1", params[:host])\n  render plain: output\nend',
      },
    ],
  },
  match,
  triggers: ['system', 'exec', 'spawn', 'popen', 'capture2', 'capture2e', 'capture3', 'popen2', 'popen2e', 'popen3', /`|%x/],
});
