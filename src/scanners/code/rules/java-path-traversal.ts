import { child, textOf } from '../ast.js';
import type { SyntaxNode } from '../parser.js';
import { defineRule, OWASP, JAVA, type Match, type QualifiedCall, type RuleContext } from '../rule.js';
import { pathSinkMatches } from '../function-model/flows.js';
import { callAt, resolve } from '../helpers.js';

/** Constructors whose arguments name a file. */
const CONSTRUCTORS = new Set(['File', 'FileInputStream', 'FileOutputStream', 'FileReader', 'FileWriter', 'RandomAccessFile', 'ZipFile', 'JarFile', 'FileSystemResource', 'PrintStream', 'PrintWriter']);
/** java.nio.file.Files methods whose first argument (or, for copy/move, either) is a path. */
const FILES = new Set(['readAllBytes', 'readAllLines', 'readString', 'lines', 'newInputStream', 'newOutputStream', 'newBufferedReader', 'newBufferedWriter', 'write', 'writeString', 'delete', 'deleteIfExists', 'copy', 'move', 'createFile', 'createDirectory', 'createDirectories', 'list', 'walk', 'newByteChannel']);
const SANITISERS = new Set(['getFileName', 'getBaseName', 'getValidFileName', 'getValidDirectoryPath', 'normalizeFileName']);
const NORMALISER = /getCanonical(?:Path|File)\s*\(\s*\)|toRealPath\s*\(|\.normalize\s*\(\s*\)/;
const PREFIX = /\.startsWith\s*\(/;
const GUARD = /"\.\."|\.matches\s*\(|isValid|allowed|whitelist|allowlist|ALLOWED/i;

const simple = (name: string): string => name.split('.').at(-1) ?? name;
const isPathsGet = (call: QualifiedCall): boolean => /(?:^|\.)(?:Paths\.get|Path\.of)$/.test(call.name) || (call.method === 'getPath' && /FileSystem/.test(call.name) && call.args.length > 0);

/** A path built by another sink (`new File(…)`, `Paths.get(…)`), reported there rather than again. */
function builtBySink(ctx: RuleContext, node: SyntaxNode): boolean {
  const n = resolve(ctx, node);
  const call = callAt(ctx, n);
  return !!call && ((call.isNew && CONSTRUCTORS.has(simple(call.name))) || isPathsGet(call) || call.method === 'resolve');
}

/** `Paths.get(x).getFileName()`, `new File(x).getName()`: only the last name of the path is used. */
function reducedToName(ctx: RuleContext, node: SyntaxNode): boolean {
  const parent = node.parent;
  if (parent?.type !== 'method_invocation' || child(parent, 'object') !== node) return false;
  const name = textOf(ctx.text, child(parent, 'name') ?? parent);
  return name === 'getFileName' || name === 'getName';
}

function pathArguments(ctx: RuleContext, call: QualifiedCall): SyntaxNode[] {
  if (call.isNew) return CONSTRUCTORS.has(simple(call.name)) ? call.args.slice(0, 2) : [];
  if (isPathsGet(call)) return call.args;
  if (call.receiver && /(?:^|\.)Files$/.test(ctx.text.slice(call.receiver.start, call.receiver.end)) && FILES.has(call.method)) return call.method === 'copy' || call.method === 'move' ? call.args.slice(0, 2) : call.args.slice(0, 1);
  if ((call.method === 'resolve' || call.method === 'resolveSibling') && call.receiver && !/ur[il]/i.test(ctx.text.slice(call.receiver.start, call.receiver.end))) return call.args.slice(0, 1);
  return [];
}

function match(ctx: RuleContext): Match[] {
  return pathSinkMatches(ctx, {
    pathArguments: (c, call) => (reducedToName(c, call.node) ? [] : pathArguments(c, call).filter((a) => !builtBySink(c, a))),
    normaliser: NORMALISER,
    prefix: PREFIX,
    guard: GUARD,
    sanitisers: SANITISERS,
    name: (call) => (call.isNew ? `new ${simple(call.name)}` : call.name),
  });
}

export const rule = defineRule({
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
      '`new File`, `FileInputStream`, `FileOutputStream`, `FileReader`, `FileWriter`, `RandomAccessFile`, `FileSystemResource`, `Paths.get`, `Path.of`, `Path.resolve` and `java.nio.file.Files.*` whose path comes from request data (`getParameter`, `getHeader`, cookies, `@RequestParam`, `@PathVariable` …). A canonical-path or `normalize()` check with `startsWith`, a `..`/pattern check on the value, or `getFileName`/`FilenameUtils.getName` stop the flow. Only proven flows are reported.',
    examples: [
      {
        language: 'java',
        bad:
          'class Downloads {\n  void get(HttpServletRequest request, HttpServletResponse response) throws IOException {\n    String name = request.getParameter("file");\n    InputStream in = new FileInputStream(UPLOAD_DIR + "/" + name);\n    in.transferTo(response.getOutputStream());\n  }\n}',
        good:
          'class Downloads {\n  void get(HttpServletRequest request, HttpServletResponse response) throws IOException {\n    File base = new File(UPLOAD_DIR);\n    File file = new File(base, request.getParameter("file"));\n    if (!file.getCanonicalPath().startsWith(base.getCanonicalPath() + File.separator)) {\n      response.sendError(400);\n      return;\n    }\n    Files.copy(file.toPath(), response.getOutputStream());\n  }\n}',
      },
    ],
  },
  match,
  triggers: [...CONSTRUCTORS, 'Paths', 'Path', 'getPath', 'Files', 'resolve', 'resolveSibling'],
});
