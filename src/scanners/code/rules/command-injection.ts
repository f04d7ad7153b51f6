import { defineRule, OWASP, ALL_LANGUAGES, type Match, type RuleContext } from '../rule.js';
import { argument, isDynamicString, isTrue, option, sinkMatch } from '../sinks.js';

const JS_SHELL = new Set(['child_process.exec', 'child_process.execSync', 'shelljs.exec', 'execa.command', 'execa.commandSync', 'execa.execaCommand', 'execa.execaCommandSync']);
const JS_SPAWN = new Set(['child_process.spawn', 'child_process.spawnSync', 'child_process.execFile', 'child_process.execFileSync', 'execa', 'execa.execa', 'execa.sync']);
const PY_SHELL = new Set(['os.system', 'os.popen', 'os.popen2', 'os.popen3', 'commands.getoutput', 'subprocess.getoutput', 'subprocess.getstatusoutput', 'popen2.popen2']);
const PY_SUBPROCESS = new Set(['subprocess.run', 'subprocess.call', 'subprocess.Popen', 'subprocess.check_output', 'subprocess.check_call', 'asyncio.create_subprocess_shell']);

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  for (const call of ctx.calls) {
    const q = call.qualified;
    const dynamic = (a: Parameters<typeof isDynamicString>[1]) => isDynamicString(ctx, a);
    let m: Match | undefined;
    if (ctx.language === 'python') {
      if (PY_SHELL.has(q)) m = sinkMatch(ctx, call.node, argument(call, 0, 'cmd') ?? argument(call, 0, 'command'), dynamic, 'a shell command');
      else if (PY_SUBPROCESS.has(q) && (isTrue(ctx, call.kwargs.get('shell')) || q.endsWith('_shell'))) m = sinkMatch(ctx, call.node, argument(call, 0, 'args'), dynamic, 'a shell command (shell=True)');
    } else if (JS_SHELL.has(q)) m = sinkMatch(ctx, call.node, argument(call, 0), dynamic, 'a shell command');
    else if (JS_SPAWN.has(q) && isTrue(ctx, option(ctx, call, 'shell'))) {
      m = sinkMatch(ctx, call.node, argument(call, 0), dynamic, 'a command run with `shell: true`') ?? sinkMatch(ctx, call.node, argument(call, 1), false, 'the arguments of a command run with `shell: true`');
    }
    if (m) out.push(m);
  }
  return out;
}

export const rule = defineRule({
  id: 'command-injection',
  title: 'OS command built from untrusted data',
  severity: 'CRITICAL',
  confidence: { pattern: 0.5, taint: 0.9 },
  cwe: 'CWE-78',
  owasp: OWASP.injection,
  languages: ALL_LANGUAGES,
  description: 'A command line run through a shell is built from values that are not constant, so shell metacharacters in them run extra commands.',
  remediation: 'Run the program without a shell and pass arguments as an array (`execFile`/`spawn` without `shell: true`, `subprocess.run([...])` without `shell=True`); validate values against an allow-list.',
  docs: {
    summary:
      'Shell-executing calls (`child_process.exec`/`execSync`, `spawn`/`execFile` with `shell: true`, shelljs; Python `os.system`, `os.popen`, `subprocess.*` with `shell=True`) given request data (0.9) or a command string built at run time (0.5).',
    examples: [
      {
        language: 'javascript',
        vulnerable: "const { exec } = require('child_process');\napp.get('/ping', (req, res) => {\n  exec('ping -c 1 ' + req.query.host, (err, out) => res.send(out));\n});",
        safe: "const { execFile } = require('child_process');\napp.get('/ping', (req, res) => {\n  execFile('ping', ['-c', '1', req.query.host], (err, out) => res.send(out));\n});",
      },
      {
        language: 'python',
        vulnerable: "import subprocess\n\n@app.route('/ping')\ndef ping():\n    host = request.args['host']\n    return subprocess.check_output(f\"ping -c 1 {host}\", shell=True)",
        safe: "import subprocess\n\n@app.route('/ping')\ndef ping():\n    host = request.args['host']\n    return subprocess.check_output(['ping', '-c', '1', host])",
      },
    ],
  },
  match,
  triggers: {
    js: ['child_process', 'shelljs', 'execa'],
    python: ['system', 'popen', 'popen2', 'popen3', 'getoutput', 'getstatusoutput', 'shell', 'create_subprocess_shell'],
  },
});
