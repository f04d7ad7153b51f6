import { JAVA, OWASP } from '../rule.js';
import { defineTaintRule } from '../sink-spec.js';
import { JAVA_PATH_TRAVERSAL_SINKS } from '../taint-sinks.js';

const CONSTRUCTORS = ['File', 'FileInputStream', 'FileOutputStream', 'FileReader', 'FileWriter', 'RandomAccessFile', 'ZipFile', 'JarFile', 'FileSystemResource', 'PrintStream', 'PrintWriter'];

export const rule = defineTaintRule(
  {
    id: 'java-path-traversal',
    title: 'Java file path built from untrusted data',
    severity: 'HIGH',
    confidence: 0.5,
    taintConfidence: 0.85,
    cwe: 'CWE-22',
    owasp: OWASP.accessControl,
    languages: JAVA,
    description: 'A file is opened, written or deleted under a path that contains request data, so `../` sequences or absolute paths reach files outside the intended directory.',
    remediation: 'Keep only the file name (`Paths.get(name).getFileName()`, `FilenameUtils.getName`), or resolve the path under a base directory, normalise it (`getCanonicalPath()`/`normalize()`) and check it still `startsWith` the base; better, map an identifier to a stored file.',
    docs: {
      summary:
        '`new File`, `FileInputStream`, `FileOutputStream`, `FileReader`, `FileWriter`, `RandomAccessFile`, `FileSystemResource`, `Paths.get`, `Path.of`, `Path.resolve` and `java.nio.file.Files.*` whose path comes from request data (`getParameter`, `getHeader`, cookies, `@RequestParam`, `@PathVariable` …); a path built by one of these and passed to another is reported once, where it is built. The barriers for paths stop the flow: `getFileName`/`FilenameUtils.getName`/`getBaseName`, an allow-list (`Set#contains`, `equals`), a `String#matches` pattern without `.` or `/`, and a path normalised (`getCanonicalPath()`, `normalize()`, `toRealPath()`) then checked with `startsWith` against the base, in the branch where they held or after an `if` that returns or throws, also when the check follows `new File(…)`/`resolve(…)` on the variable holding it; a `startsWith` check of a path that was not normalised is not one. Only proven flows are reported.',
    },
    triggers: [...CONSTRUCTORS, 'Paths', 'Path', 'getPath', 'Files', 'resolve', 'resolveSibling'],
  },
  JAVA_PATH_TRAVERSAL_SINKS,
);
