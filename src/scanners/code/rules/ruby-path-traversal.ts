import { OWASP, RUBY } from '../rule.js';
import { defineTaintRule } from '../sink-spec.js';
import { RUBY_PATH_TRAVERSAL_SINKS } from '../taint-sinks.js';

/** The classes whose methods the rows name (`Zip::File` ends in `File`). */
const RECEIVERS = ['File', 'IO', 'FileUtils', 'Dir', 'Pathname', 'YAML', 'CSV'];

export const rule = defineTaintRule(
  {
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
        '`File.open`/`read`/`readlines`/`write`/`delete`/`new`, `IO.read`, `FileUtils.*`, `Dir.glob`/`entries`, `Pathname.new`, `YAML.load_file`, Rails/Sinatra `send_file`, `render file:` and `Kernel#open` of a non-URL, whose path comes from `params`, `cookies` or `request`. The barriers for paths stop the flow: `File.basename`, `sanitize_filename`, an allow-list (`include?`, `key?`, `==`), a `match?`/`=~` pattern anchored with `\\A…\\z` that admits no `.` or `/`, and a path expanded (`File.expand_path`, `File.realpath`, `Pathname#cleanpath`) then checked with `start_with?` against the base, in the branch where they held or after a statement or modifier that leaves (`raise … unless`, `head … and return`); a `start_with?` check of a path that was not expanded is not one. Only proven flows are reported.',
    },
    triggers: [...RECEIVERS, 'send_file', 'send_file_headers', 'render', 'open'],
  },
  RUBY_PATH_TRAVERSAL_SINKS,
);
