import { anyCase } from '../prefilter.js';
import { OWASP, PHP } from '../rule.js';
import { defineTaintRule } from '../sink-spec.js';
import { PHP_PATH_TRAVERSAL_SINKS } from '../taint-sinks.js';

const FUNCTIONS = ['fopen', 'file_get_contents', 'file_put_contents', 'readfile', 'file', 'unlink', 'rmdir', 'mkdir', 'opendir', 'scandir', 'glob', 'copy', 'rename', 'symlink', 'link', 'move_uploaded_file', 'highlight_file', 'show_source', 'parse_ini_file', 'touch', 'chmod', 'gzopen', 'simplexml_load_file', 'tempnam'];
const CLASSES = ['SplFileObject', 'SplFileInfo', 'DirectoryIterator', 'RecursiveDirectoryIterator'];

export const rule = defineTaintRule(
  {
    id: 'php-path-traversal',
    title: 'PHP file path built from untrusted data',
    severity: 'HIGH',
    confidence: 0.5,
    taintConfidence: 0.85,
    cwe: 'CWE-22',
    owasp: OWASP.accessControl,
    languages: PHP,
    description: 'A file is read, written or deleted under a path that contains request data, so `../` sequences or absolute paths reach files outside the intended directory (for example `/etc/passwd` or the application\'s configuration).',
    remediation: 'Keep only the file name with `basename()`, or resolve the path with `realpath()` and check it starts with the base directory; better, look the file up by an identifier or an allow-list.',
    docs: {
      summary:
        '`fopen`, `file_get_contents`, `file_put_contents`, `readfile`, `file`, `unlink`, `copy`, `rename`, `mkdir`, `rmdir`, `scandir`, `move_uploaded_file` (destination), `highlight_file`, `parse_ini_file`, `SplFileObject` and Laravel `Storage::get`/`response()->download` whose path comes from `$_GET`/`$_POST`/`$_REQUEST`/`$_COOKIE` or a framework request. The barriers for paths stop the flow: `basename`, a digest (`md5`), an allow-list (`in_array`, `array_key_exists`, `===`), a restrictive `preg_match`, and a `realpath` checked with `str_starts_with`/`strpos(…) === 0` against the base, in the branch where they held or after an `if` that leaves; a prefix check of a path that was not normalised is not one. URL-like values passed to `file_get_contents`/`fopen` are left to `php-ssrf`. Only proven flows are reported.',
    },
    triggers: [anyCase([...FUNCTIONS, ...CLASSES, 'Storage', 'response'])],
  },
  PHP_PATH_TRAVERSAL_SINKS,
);
