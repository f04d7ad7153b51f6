import { child, enclosingFunction, textOf } from '../ast.js';
import { defineRule, OWASP, PYTHON, type Match, type RuleContext } from '../rule.js';
import { isTrueLiteral } from '../helpers.js';

const isSettingsFile = (path: string): boolean => /(?:^|\/)settings(?:\/[^/]+|[._-]?\w*)?\.py$/.test(path) && !/(?:^|[/._-])(?:dev|development|local|test|tests|testing)(?:[/._-]|\.py$)/.test(path);

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  for (const call of ctx.calls) {
    if (call.method === 'run' && call.receiver && /^(?:app|application|server)$/.test(textOf(ctx.text, call.receiver)) && isTrueLiteral(ctx, call.kwargs.get('debug'))) {
      out.push({ node: call.node, detail: 'The Werkzeug debugger runs with `debug=True`: a crash page gives a Python console to whoever reaches it.' });
    }
  }
  for (const assign of ctx.nodes.of('assignment')) {
    const left = child(assign, 'left');
    if (!left || !isTrueLiteral(ctx, child(assign, 'right'))) continue;
    const l = textOf(ctx.text, left);
    if (l === 'DEBUG' && isSettingsFile(ctx.path) && !enclosingFunction(assign, ctx.language)) out.push({ node: assign, severity: 'MEDIUM', confidence: 0.7, detail: 'Django `DEBUG = True` in a settings module shows stack traces, settings and SQL to visitors.' });
    else if (/^(?:app|application)\.debug$/.test(l) || /^(?:app|application)\.config\[['"]DEBUG['"]\]$/.test(l)) out.push({ node: assign, detail: 'Flask debug mode is switched on in code.' });
  }
  return out;
}

export const rule = defineRule({
  id: 'debug-mode-enabled',
  title: 'Debug mode enabled in application code',
  severity: 'HIGH',
  confidence: 0.75,
  taintConfidence: 0.9,
  cwe: 'CWE-489',
  owasp: OWASP.misconfiguration,
  languages: PYTHON,
  description: 'The application is started or configured in debug mode, which exposes an interactive debugger (Flask/Werkzeug, remote code execution) or detailed error pages (Django) if it reaches production.',
  remediation: 'Take debug from the environment (`debug=os.environ.get("FLASK_DEBUG") == "1"`, `DEBUG = env.bool("DEBUG", False)`) and keep it off in deployed settings.',
  docs: {
    summary: 'Flask `app.run(debug=True)`, `app.debug = True`, `app.config[\'DEBUG\'] = True`, and Django `DEBUG = True` at module level of a `settings` module (files named for development, local or test settings are skipped).',
    examples: [
      {
        language: 'python',
        bad: "if __name__ == '__main__':\n    app.run(host='0.0.0.0', debug=True)",
        good: "if __name__ == '__main__':\n    app.run(host='0.0.0.0', debug=os.environ.get('FLASK_DEBUG') == '1')",
      },
    ],
  },
  match,
  triggers: ['debug', 'DEBUG'],
});
