import { defineRule, OWASP, GO, type Match, type RuleContext } from '../rule.js';
import { all } from '../prefilter.js';
import { isDynamic, sink, stringLiteral } from '../helpers.js';

const SHELLS = /^(?:\/(?:usr\/)?bin\/)?(?:sh|bash|zsh|dash|ksh|cmd|cmd\.exe|powershell|pwsh)$/;

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  for (const call of ctx.calls) {
    if (call.name !== 'exec.Command' && call.name !== 'exec.CommandContext') continue;
    const args = call.name === 'exec.Command' ? call.args : call.args.slice(1);
    const program = args[0];
    if (!program) continue;
    const programName = stringLiteral(ctx, program);
    if (programName === undefined) {
      const m = sink(ctx, call, program, { pattern: false, what: 'the program `exec.Command` runs', kind: 'shell' });
      if (m) out.push(m);
      continue;
    }
    if (SHELLS.test(programName)) {
      const flag = args.findIndex((a) => /^(?:-c|\/c|-Command)$/i.test(stringLiteral(ctx, a) ?? ''));
      const script = flag >= 0 ? args[flag + 1] : undefined;
      const m = sink(ctx, call, script, { pattern: !!script && (isDynamic(ctx, script) || (stringLiteral(ctx, script) === undefined && script.type === 'identifier')), what: 'a shell script run with `-c`', kind: 'shell' });
      if (m) out.push(m);
    }
  }
  return out;
}

export const rule = defineRule({
  id: 'go-command-injection',
  title: 'Go shell command built from untrusted data',
  severity: 'CRITICAL',
  confidence: 0.5,
  taintConfidence: 0.9,
  cwe: 'CWE-78',
  owasp: OWASP.injection,
  languages: GO,
  description: '`exec.Command` runs a shell (`sh -c`, `bash -c`, `cmd /c`) with a script built from non-constant values, or runs a program named by request data, so input can run arbitrary commands.',
  remediation: 'Run the program directly with separate arguments (`exec.Command("ping", "-c", "1", host)`) after validating them, and never pass request data to a shell with `-c`.',
  docs: {
    summary: '`exec.Command`/`exec.CommandContext` whose program is a shell with `-c` and whose script is built at run time (0.5) or carries request data (0.9), and calls whose program name itself comes from the request.',
    examples: [
      {
        language: 'go',
        bad: 'func ping(w http.ResponseWriter, r *http.Request) {\n\thost := r.FormValue("host")\n\tout, _ := exec.Command("sh", "-c", "ping -c 1 "+host).Output()\n\tw.Write(out)\n}',
        good: 'func ping(w http.ResponseWriter, r *http.Request) {\n\thost := r.FormValue("host")\n\tout, _ := exec.Command("ping", "-c", "1", host).Output()\n\tw.Write(out)\n}',
      },
    ],
  },
  match,
  triggers: [all('exec', ['Command', 'CommandContext'])],
});
