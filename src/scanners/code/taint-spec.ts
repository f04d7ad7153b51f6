/**
 * Taint knowledge as data (JavaScript/TypeScript and Python): which calls sanitise a value, and
 * for which weakness. A sanitiser is scoped to its language and to the sinks it protects:
 * `html.escape` makes a value safe in HTML, not in a redirect (`https://evil.example` has nothing
 * to escape), `shlex.quote` in a shell command, not in SQL. The taint engine (taint.ts) reads
 * these tables; a rule names the kind of sink it checks when it asks for a value's taint.
 */

/** The kinds of sinks a sanitiser can protect. */
export type SinkKind =
  | 'html'
  | 'sql'
  | 'nosql'
  | 'shell'
  | 'code'
  | 'template'
  | 'path'
  | 'url'
  | 'ldap'
  | 'xpath'
  | 'regex'
  | 'header'
  /** Bytes given to a deserialiser or an XML parser, values stored in the session: only a value that is no longer the input (a number, a hash) is safe. */
  | 'deserialization'
  | 'xml'
  | 'session'
  /** Object keys and fields (`obj[key] = v`, `Model(**data)`): `__proto__` and `is_admin` survive every escaper. */
  | 'property'
  /** Text written to a log: line breaks forge entries; escaping or removing them makes it safe. */
  | 'log'
  /** Data given to a hash function: only a value that is no longer the input (a number, another digest) is safe. */
  | 'digest';

export const SINK_KINDS: readonly SinkKind[] = Object.freeze<SinkKind[]>(['html', 'sql', 'nosql', 'shell', 'code', 'template', 'path', 'url', 'ldap', 'xpath', 'regex', 'header', 'deserialization', 'xml', 'session', 'property', 'log', 'digest']);

/** `all`: the result carries nothing of the input an attacker could use anywhere (a number, a hash, a UUID). */
export type SanitiserKinds = readonly SinkKind[] | 'all';

/** Escaping for HTML: safe in markup, not in SQL, a shell, a header or a URL. */
const HTML_ESCAPE: SanitiserKinds = Object.freeze<SinkKind[]>(['html']);
/** Percent-encoding of a URL component: no markup, quotes, spaces or shell metacharacters are left. */
const PERCENT_ENCODE: SanitiserKinds = Object.freeze<SinkKind[]>(['html', 'sql', 'shell', 'code', 'ldap', 'xpath', 'regex', 'header', 'log']);
/** Serialisation that writes line breaks as escapes (`\n`): a log line stays one line. */
const LINE_ESCAPE: SanitiserKinds = Object.freeze<SinkKind[]>(['log']);

/**
 * A method that sanitises only with a given first argument: `s.replace(/[\r\n]/g, '')` removes line
 * breaks; `s.replace('a', 'b')` removes nothing. `firstArgument` is tested on the argument's source text.
 */
export interface PatternedSanitiser {
  readonly methods: readonly string[];
  readonly firstArgument: RegExp;
  readonly kinds: SanitiserKinds;
}

/** A pattern or string argument that names a line break (`\n`, `\r`, `\s` in a regex, `os.linesep`). */
const NAMES_LINE_BREAK = /\\[rns]|\blinesep\b/;

export interface SanitiserTable {
  /** Free functions and module functions by qualified name (`html.escape`) or plain name. */
  readonly calls: ReadonlyMap<string, SanitiserKinds>;
  /** Methods on any receiver (`mysql.escape`, `conn.escape`, `hash.digest()`). */
  readonly methods: ReadonlyMap<string, SanitiserKinds>;
  /** Methods that sanitise only with a given first argument. */
  readonly patterned?: readonly PatternedSanitiser[];
}

const table = (entries: readonly (readonly [SanitiserKinds, readonly string[]])[]): ReadonlyMap<string, SanitiserKinds> => {
  const map = new Map<string, SanitiserKinds>();
  for (const [kinds, names] of entries) for (const n of names) map.set(n, kinds);
  return map;
};

export const PYTHON_SANITISERS: SanitiserTable = Object.freeze({
  calls: table([
    ['all', ['int', 'float', 'bool', 'len', 'abs', 'round', 'uuid.UUID', 'hash', 'ord']],
    [HTML_ESCAPE, ['html.escape', 'markupsafe.escape', 'flask.escape', 'jinja2.escape', 'escape', 'bleach.clean', 'django.utils.html.escape', 'conditional_escape', 'cgi.escape', 'xml.sax.saxutils.escape', 'saxutils.escape']],
    [['shell'], ['shlex.quote', 'pipes.quote', 'shlex.join']],
    [['path'], ['os.path.basename', 'basename', 'werkzeug.utils.secure_filename', 'secure_filename']],
    [PERCENT_ENCODE, ['urllib.parse.quote', 'quote', 'urllib.parse.quote_plus', 'quote_plus', 'urllib.parse.urlencode', 'urlencode']],
    [['regex'], ['re.escape']],
    [LINE_ESCAPE, ['repr', 'json.dumps']],
    [['ldap'], ['escape_filter_chars', 'ldap3.utils.conv.escape_filter_chars', 'ldap.filter.escape_filter_chars', 'filter_format', 'ldap.filter.filter_format', 'escape_dn_chars', 'ldap.dn.escape_dn_chars']],
  ]),
  methods: table([['all', ['hexdigest', 'digest']]]),
  patterned: [{ methods: ['replace'], firstArgument: NAMES_LINE_BREAK, kinds: LINE_ESCAPE }],
});

export const JS_SANITISERS: SanitiserTable = Object.freeze({
  calls: table([
    [
      'all',
      [
        'Number', 'parseInt', 'parseFloat', 'Number.parseInt', 'Number.parseFloat', 'Boolean', 'Math.floor', 'Math.round', 'Math.abs', 'Math.min', 'Math.max', 'Math.ceil', 'Math.trunc',
        'crypto.createHash', 'uuid.validate', 'isNaN', 'Number.isInteger', 'Array.isArray', 'validator.toInt', 'validator.isInt',
      ],
    ],
    [['html', 'sql', 'shell', 'code', 'path', 'url', 'ldap', 'xpath', 'regex', 'header', 'log'], ['encodeURIComponent']],
    [LINE_ESCAPE, ['JSON.stringify', 'util.inspect', 'inspect']],
    [
      HTML_ESCAPE,
      ['escape', 'escapeHtml', 'escape-html', 'validator.escape', 'he.encode', 'he.escape', 'lodash.escape', '_.escape', 'DOMPurify.sanitize', 'sanitize', 'sanitizeHtml', 'sanitize-html', 'xss', 'xss.filterXSS', 'filterXSS', 'encodeHTML', 'htmlEncode'],
    ],
    [['sql'], ['mysql.escape', 'mysql.escapeId', 'SqlString.escape', 'sqlstring.escape', 'pg.escapeLiteral', 'pg.escapeIdentifier', 'pg-format']],
    [['path'], ['path.basename', 'basename', 'sanitize-filename', 'sanitizeFilename']],
    [['regex'], ['escapeRegExp', 'escapeStringRegexp', 'escape-string-regexp', 'lodash.escaperegexp', '_.escapeRegExp']],
  ]),
  methods: table([
    ['all', ['toFixed', 'digest']],
    [['sql'], ['escapeId', 'escapeLiteral', 'escapeIdentifier']],
    [['html', 'sql'], ['escape']],
    [HTML_ESCAPE, ['sanitize']],
    [['path'], ['basename']],
    [['regex'], ['escapeRegExp']],
    [['html', 'sql', 'shell', 'code', 'ldap', 'xpath', 'regex'], ['hash']],
    [['sql'], ['sanitizeFilter']],
  ]),
  patterned: [{ methods: ['replace', 'replaceAll'], firstArgument: NAMES_LINE_BREAK, kinds: LINE_ESCAPE }],
});

/**
 * Programs that run their argument after `-c` (or `/c`) as a shell command line: a list-form
 * `subprocess.run(['sh', '-c', cmd])` or `spawn('bash', ['-c', cmd])` is a shell command.
 */
export const SHELL_PROGRAM = /^(?:.*[/\\])?(?:sh|bash|zsh|dash|ksh|csh|tcsh|fish|ash|busybox|cmd|cmd\.exe|powershell|powershell\.exe|pwsh)$/i;
export const SHELL_COMMAND_FLAG = /^(?:-c|-lc|-ic|-ec|\/c|\/k|-command|-encodedcommand)$/i;
