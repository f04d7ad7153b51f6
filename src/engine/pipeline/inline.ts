/**
 * Inline suppressions: a `vigil-ignore` comment on the finding's line, or alone
 * on the line before, optionally naming rules (`vigil-ignore: rule-a, rule-b`).
 * Runs in the worker, where the file text is at hand.
 */
const MARKER = /vigil-ignore(?![\w-])(?:[:\s]+(?<rules>[a-z0-9]+(?:-[a-z0-9]+)*(?:\s*,\s*[a-z0-9]+(?:-[a-z0-9]+)*)*))?/;
/** Comment openers that may precede the marker on a line of its own. */
const COMMENT_ONLY = /^\s*(?:\/\/|#|--|\/\*|\*|<!--|;|%|'|rem\b)?\s*$/i;

function suppresses(line: string | undefined, ruleId: string, alone: boolean): boolean {
  if (line === undefined || !line.includes('vigil-ignore')) return false;
  const match = MARKER.exec(line);
  if (!match) return false;
  if (alone && !COMMENT_ONLY.test(line.slice(0, match.index))) return false;
  const rules = match.groups?.rules;
  if (!rules) return true;
  return rules.split(',').some((r) => r.trim() === ruleId);
}

/**
 * Lines of a file, split lazily once, for checking many findings. Whether the file holds a marker at
 * all is also asked once: a file with thousands of findings would otherwise be searched whole for each.
 */
export class InlineSuppressions {
  private lines: string[] | undefined;
  private marked: boolean | undefined;
  constructor(private readonly text: string) {}

  /** `line` is 1-based. */
  isSuppressed(line: number, ruleId: string): boolean {
    this.marked ??= this.text.includes('vigil-ignore');
    if (!this.marked) return false;
    this.lines ??= this.text.split('\n');
    return suppresses(this.lines[line - 1], ruleId, false) || suppresses(this.lines[line - 2], ruleId, true);
  }
}
