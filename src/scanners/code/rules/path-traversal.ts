import { defineRule, OWASP, JS_AND_PYTHON, type Match, type RuleContext } from '../rule.js';
import { argument, isClientSource } from '../sinks.js';
import { all } from '../prefilter.js';
import { JS_SERVER_SOURCE_TRIGGERS, PYTHON_SOURCE_TRIGGERS } from '../taint.js';

const FS_METHODS = new Set([
  'readFile', 'readFileSync', 'createReadStream', 'writeFile', 'writeFileSync', 'appendFile', 'appendFileSync', 'createWriteStream', 'unlink', 'unlinkSync', 'rm', 'rmSync',
  'readdir', 'readdirSync', 'open', 'openSync', 'copyFile', 'copyFileSync', 'rename', 'renameSync', 'mkdir', 'mkdirSync', 'rmdir', 'rmdirSync', 'access', 'stat', 'statSync',
]);
const FS_MODULES = new Set(['fs', 'fs-extra', 'graceful-fs']);
const RESPONSE_FILE = new Set(['sendFile', 'download', 'attachment', 'sendfile']);
const PY_SINKS = new Set(['open', 'io.open', 'codecs.open', 'flask.send_file', 'send_file', 'os.remove', 'os.unlink', 'os.rmdir', 'os.listdir', 'os.open', 'shutil.rmtree', 'shutil.copy', 'shutil.copyfile', 'shutil.move', 'django.http.FileResponse', 'FileResponse', 'pathlib.Path', 'Path', 'starlette.responses.FileResponse', 'fastapi.responses.FileResponse']);

function match(ctx: RuleContext): Match[] {
  const out: Match[] = [];
  for (const call of ctx.calls) {
    let arg;
    if (ctx.language === 'python') {
      if (!PY_SINKS.has(call.qualified) || (call.receiver && !call.qualified.includes('.'))) continue;
      arg = argument(call, 0, 'file') ?? argument(call, 0, 'path') ?? argument(call, 0, 'path_or_file');
    } else {
      const dot = call.qualified.lastIndexOf('.');
      const [mod, method] = [call.qualified.slice(0, dot), call.qualified.slice(dot + 1)];
      if (FS_MODULES.has(mod) && FS_METHODS.has(method)) arg = argument(call, 0);
      else if (RESPONSE_FILE.has(method) && call.receiver && /^(?:res|response|reply|ctx)$/.test(ctx.text.slice(call.receiver.start, call.receiver.end))) arg = argument(call, 0);
      else continue;
    }
    const taint = ctx.taint.taintOf(arg, 'path');
    if (taint && !isClientSource(taint.source)) out.push({ node: call.node, taint, detail: `Request data from ${ctx.taint.describe(taint)} reaches the file path of \`${call.name}\`.` });
  }
  return out;
}

export const rule = defineRule({
  id: 'path-traversal',
  title: 'File path built from untrusted data',
  severity: 'HIGH',
  confidence: 0.5,
  taintConfidence: 0.85,
  cwe: 'CWE-22',
  owasp: OWASP.accessControl,
  languages: JS_AND_PYTHON,
  description: 'A file system path comes from the request, so `../` sequences or absolute paths can read or write files outside the intended directory.',
  remediation: 'Reduce the name with `path.basename`/`os.path.basename` (or `secure_filename`), or resolve it under a base directory and check the result still starts with that directory; prefer `res.sendFile(name, { root })` and `send_from_directory`.',
  docs: {
    summary:
      'File reads, writes and deletions (`fs.*`, `res.sendFile`/`res.download`; Python `open`, `send_file`, `os.remove`, `shutil.*`, `FileResponse`) whose path is derived from request data. `path.basename`, `os.path.basename` and `secure_filename` stop the flow. Only proven flows are reported.',
    examples: [
      {
        language: 'javascript',
        bad: "const fs = require('fs');\napp.get('/files', (req, res) => {\n  const file = path.join(__dirname, 'uploads', req.query.name);\n  res.send(fs.readFileSync(file));\n});",
        good: "const fs = require('fs');\napp.get('/files', (req, res) => {\n  const file = path.join(__dirname, 'uploads', path.basename(req.query.name));\n  res.send(fs.readFileSync(file));\n});",
      },
      {
        language: 'python',
        bad: "@app.route('/download')\ndef download():\n    name = request.args.get('file')\n    return send_file(os.path.join(UPLOADS, name))",
        good: "from werkzeug.utils import secure_filename\n\n@app.route('/download')\ndef download():\n    name = secure_filename(request.args.get('file'))\n    return send_file(os.path.join(UPLOADS, name))",
      },
    ],
  },
  match,
  triggers: {
    js: [all(['fs', 'sendFile', 'download', 'attachment', 'sendfile'], JS_SERVER_SOURCE_TRIGGERS)],
    python: [all(['open', 'send_file', 'remove', 'unlink', 'rmdir', 'listdir', 'rmtree', 'copy', 'copyfile', 'move', 'FileResponse', 'Path'], PYTHON_SOURCE_TRIGGERS)],
  },
});
