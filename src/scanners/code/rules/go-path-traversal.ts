import { unqualified } from '../prefilter.js';
import { GO, OWASP } from '../rule.js';
import { defineTaintRule } from '../sink-spec.js';
import { GO_PATH_TRAVERSAL_SINKS } from '../taint-sinks.js';

const FUNCTIONS = ['os.Open', 'os.OpenFile', 'os.ReadFile', 'ioutil.ReadFile', 'os.WriteFile', 'ioutil.WriteFile', 'os.Create', 'os.Remove', 'os.RemoveAll', 'os.Mkdir', 'os.MkdirAll', 'os.ReadDir', 'ioutil.ReadDir', 'os.Rename', 'os.Chmod', 'os.Truncate', 'os.Symlink', 'http.ServeFile'];
const CONTEXT_METHODS = ['File', 'FileAttachment', 'Attachment', 'SendFile', 'Download', 'Inline'];

export const rule = defineTaintRule(
  {
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
        '`os.Open`/`OpenFile`/`ReadFile`/`WriteFile`/`Create`/`Remove`/`RemoveAll`/`Mkdir*`/`ReadDir`/`Rename`, `ioutil.ReadFile`/`WriteFile`/`ReadDir`, `http.ServeFile` and gin/echo/fiber `c.File`/`c.FileAttachment`/`c.Attachment`/`c.SendFile` whose path comes from request data (`r.URL.Query().Get`, `r.FormValue`, `mux.Vars`, gin `c.Query`/`c.Param` …), also through `filepath.Join`. The barriers for paths stop the flow: `filepath.Base`, `filepath.Clean("/"+name)`, `securejoin.SecureJoin`, `filepath.Localize`, `filepath.IsLocal`, an allow-list (a map lookup, `slices.Contains`), and a path cleaned by `filepath.Clean`/`Abs`/`Join` then checked with `strings.HasPrefix` against the base (or `filepath.Rel` not starting with `..`), in the branch where they held or after an `if` that returns; a prefix check of a path that was not cleaned is not one. Only proven flows are reported.',
    },
    triggers: [...unqualified(FUNCTIONS), ...CONTEXT_METHODS],
  },
  GO_PATH_TRAVERSAL_SINKS,
);
