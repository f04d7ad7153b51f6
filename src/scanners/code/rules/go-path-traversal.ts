import { textOf } from '../ast.js';
import { defineRule, OWASP, GO, type Match, type QualifiedCall, type RuleContext } from '../rule.js';
import { unqualified } from '../prefilter.js';
import { builtWith } from '../function-model/guards.js';
import { pathSinkMatches } from '../function-model/flows.js';
import { taintSource } from '../helpers.js';

/** os/ioutil functions and the positions of their path arguments. */
const FUNCTIONS: Readonly<Record<string, readonly number[]>> = Object.freeze({
  'os.Open': [0], 'os.OpenFile': [0], 'os.ReadFile': [0], 'ioutil.ReadFile': [0], 'os.WriteFile': [0], 'ioutil.WriteFile': [0], 'os.Create': [0], 'os.Remove': [0], 'os.RemoveAll': [0],
  'os.Mkdir': [0], 'os.MkdirAll': [0], 'os.ReadDir': [0], 'ioutil.ReadDir': [0], 'os.Rename': [0, 1], 'os.Chmod': [0], 'os.Truncate': [0], 'os.Symlink': [0, 1], 'http.ServeFile': [2],
});
/** Web framework contexts sending a file: gin/echo `c.File`, `c.FileAttachment`, echo `c.Attachment`, fiber `c.SendFile`/`c.Download`. */
const CONTEXT_METHODS = new Set(['File', 'FileAttachment', 'Attachment', 'SendFile', 'Download', 'Inline']);
const SANITISERS = new Set(['SecureJoin', 'IsLocal']);
const NORMALISER = /filepath\.(?:Clean|Abs|EvalSymlinks|Rel|Join)\s*\(|path\.Clean\s*\(/;
const PREFIX = /strings\.HasPrefix\s*\(|filepath\.Rel\s*\(/;
const GUARD = /"\.\."|filepath\.IsLocal\s*\(|MatchString\s*\(|allowed|whitelist|allowlist/i;
/** `filepath.Clean("/" + name)` cannot climb above the root it is later joined to. */
const ROOTED_CLEAN = /(?:filepath|path)\.Clean\(\s*"\/"\s*\+|(?:filepath|path)\.Clean\(\s*string\(\s*filepath\.Separator\s*\)\s*\+/;

function pathArguments(ctx: RuleContext, call: QualifiedCall) {
  const positions = FUNCTIONS[call.name];
  if (positions) return positions.map((i) => call.args[i]).filter((a) => a !== undefined);
  if (call.receiver && /^(?:c|ctx|context)$/.test(textOf(ctx.text, call.receiver)) && CONTEXT_METHODS.has(call.method)) return call.args.slice(0, 1);
  return [];
}

function match(ctx: RuleContext): Match[] {
  return pathSinkMatches(ctx, {
    pathArguments,
    normaliser: NORMALISER,
    prefix: PREFIX,
    guard: GUARD,
    sanitisers: SANITISERS,
    name: (call) => call.name,
    // http.ServeFile itself rejects `..` in r.URL.Path.
    cleared: (c, call, arg) => builtWith(c, arg, ROOTED_CLEAN) || (call.name === 'http.ServeFile' && /\.URL\.Path$/.test(taintSource(c, arg, { kind: 'path' }) ?? '')),
  });
}

export const rule = defineRule({
  id: 'go-path-traversal',
  title: 'Go file path built from untrusted data',
  severity: 'HIGH',
  confidence: 0.5,
  taintConfidence: 0.85,
  cwe: 'CWE-22',
  owasp: OWASP.accessControl,
  languages: GO,
  description: 'A file is opened, served, written or removed under a path that contains request data, so `../` sequences or absolute paths reach files outside the intended directory; `filepath.Join` cleans the path but does not keep it inside the base.',
  remediation: 'Keep only the file name (`filepath.Base`), or clean the joined path and check it with `strings.HasPrefix(p, base+string(filepath.Separator))` (or `filepath.IsLocal`, Go 1.20); serve directories with `http.FileServer(http.Dir(root))` or `os.Root` (Go 1.24).',
  docs: {
    summary:
      '`os.Open`/`OpenFile`/`ReadFile`/`WriteFile`/`Create`/`Remove`/`RemoveAll`/`Mkdir*`/`ReadDir`/`Rename`, `ioutil.ReadFile`/`WriteFile`/`ReadDir`, `http.ServeFile` and gin/echo/fiber `c.File`/`c.FileAttachment`/`c.Attachment`/`c.SendFile` whose path comes from request data (`r.URL.Query().Get`, `r.FormValue`, `mux.Vars`, gin `c.Query`/`c.Param` …), also through `filepath.Join`. `filepath.Base`, `filepath.Clean("/"+name)`, a `Clean` + `strings.HasPrefix` check, `filepath.IsLocal` and `..` checks stop the flow. Only proven flows are reported.',
    examples: [
      {
        language: 'go',
        bad: 'func download(w http.ResponseWriter, r *http.Request) {\n\tname := r.URL.Query().Get("file")\n\tdata, err := os.ReadFile(filepath.Join("uploads", name))\n\tif err != nil {\n\t\thttp.NotFound(w, r)\n\t\treturn\n\t}\n\tw.Write(data)\n}',
        good: 'func download(w http.ResponseWriter, r *http.Request) {\n\tname := filepath.Base(r.URL.Query().Get("file"))\n\tdata, err := os.ReadFile(filepath.Join("uploads", name))\n\tif err != nil {\n\t\thttp.NotFound(w, r)\n\t\treturn\n\t}\n\tw.Write(data)\n}',
      },
    ],
  },
  match,
  triggers: [...unqualified(Object.keys(FUNCTIONS)), ...CONTEXT_METHODS],
});
