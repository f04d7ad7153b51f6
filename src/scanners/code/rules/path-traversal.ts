import { OWASP, JS_AND_PYTHON } from '../rule.js';
import { defineTaintRule } from '../sink-spec.js';
import { PATH_TRAVERSAL_SINKS } from '../taint-sinks.js';

export const rule = defineTaintRule(
  {
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
    },
  },
  PATH_TRAVERSAL_SINKS,
);
