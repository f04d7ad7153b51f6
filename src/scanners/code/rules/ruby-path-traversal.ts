import { namedChildren, textOf } from '../ast.js';
import type { SyntaxNode } from '../parser.js';
import { defineRule, OWASP, RUBY, type Match, type QualifiedCall, type RuleContext } from '../rule.js';
import { looksLikeUrl } from '../function-model/guards.js';
import { pathSinkMatches } from '../function-model/flows.js';
import { taintSource } from '../helpers.js';

const FILE_METHODS = /^(?:File|IO)\.(?:open|read|readlines|write|binread|binwrite|foreach|new|delete|unlink|readlink|rename|symlink|chmod|truncate|lines|copy_stream)$/;
const FILEUTILS = /^FileUtils\.(?:rm|rm_f|rm_r|rm_rf|remove|remove_file|remove_dir|remove_entry|cp|cp_r|copy|copy_file|mv|move|mkdir|mkdir_p|makedirs|touch|chmod|ln|ln_s|install)$/;
const OTHERS = /^(?:Dir\.(?:glob|entries|children|each_child|mkdir|rmdir|delete|unlink|open|foreach|\[\])|Pathname\.new|YAML\.load_file|CSV\.read|CSV\.open|CSV\.foreach|Zip::File\.open)$/;
/** The classes whose methods FILE_METHODS, FILEUTILS and OTHERS name (`Zip::File` ends in `File`). */
const RECEIVERS = ['File', 'IO', 'FileUtils', 'Dir', 'Pathname', 'YAML', 'CSV'];
const SANITISERS = new Set(['sanitize_filename', 'sanitized', 'sanitize_file_name']);
const NORMALISER = /expand_path|realpath|cleanpath/;
const PREFIX = /start_with\?/;
const GUARD = /include\?|['"]\.\.['"]|match\?|=~|allowed|whitelist|allowlist|valid/i;

/** The value of a `key: value` argument (`render file: path`). */
function keyword(ctx: RuleContext, call: QualifiedCall, key: string): SyntaxNode | undefined {
  for (const a of call.args) {
    if (a.type !== 'pair') continue;
    const [k, v] = namedChildren(a);
    if (k && textOf(ctx.text, k).replace(/^:|:$/g, '') === key) return v;
  }
  return undefined;
}

function pathArguments(ctx: RuleContext, call: QualifiedCall): (SyntaxNode | undefined)[] {
  if (FILE_METHODS.test(call.name) || FILEUTILS.test(call.name) || OTHERS.test(call.name)) return call.args.filter((a) => a.type !== 'pair').slice(0, call.method === 'rename' || FILEUTILS.test(call.name) ? 2 : 1);
  if (!call.receiver && (call.method === 'send_file' || call.method === 'send_file_headers!')) return call.args.slice(0, 1);
  if (!call.receiver && call.method === 'render') return [keyword(ctx, call, 'file')];
  // Kernel#open on a URL-like value belongs to ruby-ssrf.
  if (!call.receiver && call.method === 'open' && call.args[0] && !looksLikeUrl(ctx, call.args[0], taintSource(ctx, call.args[0], { kind: 'path' }))) return call.args.slice(0, 1);
  return [];
}

function match(ctx: RuleContext): Match[] {
  return pathSinkMatches(ctx, {
    pathArguments: (c, call) => pathArguments(c, call).filter((a): a is SyntaxNode => a !== undefined),
    normaliser: NORMALISER,
    prefix: PREFIX,
    guard: GUARD,
    sanitisers: SANITISERS,
    name: (call) => call.name,
  });
}

export const rule = defineRule({
  id: 'ruby-path-traversal',
  title: 'Ruby file path built from untrusted data',
  severity: 'HIGH',
  confidence: 0.5,
  taintConfidence: 0.85,
  cwe: 'CWE-22',
  owasp: OWASP.accessControl,
  languages: RUBY,
  description: 'A file is read, sent, written or deleted under a path that contains request data, so `../` sequences or absolute paths reach files outside the intended directory; `Rails.root.join` and `File.join` do not stop them.',
  remediation: 'Keep only the file name with `File.basename`, or expand the path with `File.expand_path` and check it `start_with?` the base directory; better, look the file up by a record id (Active Storage) or an allow-list.',
  docs: {
    summary:
      '`File.open`/`read`/`readlines`/`write`/`delete`/`new`, `IO.read`, `FileUtils.*`, `Dir.glob`/`entries`, `Pathname.new`, `YAML.load_file`, Rails/Sinatra `send_file`, `render file:` and `Kernel#open` of a non-URL, whose path comes from `params`, `cookies` or `request`. `File.basename`, an `expand_path` + `start_with?` check and `include?`/regex checks stop the flow. Only proven flows are reported.',
    examples: [
      {
        language: 'ruby',
        bad: "class ReportsController < ApplicationController\n  def show\n    send_file Rails.root.join('reports', params[:name])\n  end\nend",
        good: "class ReportsController < ApplicationController\n  def show\n    send_file Rails.root.join('reports', File.basename(params[:name]))\n  end\nend",
      },
    ],
  },
  match,
  triggers: [...RECEIVERS, 'send_file', 'send_file_headers', 'render', 'open'],
});
