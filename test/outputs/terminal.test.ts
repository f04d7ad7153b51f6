import { describe, expect, it } from 'vitest';
import type { Finding } from '../../src/core/findings.js';
import { messageText } from '../../src/outputs/sarif.js';
import { renderTable } from '../../src/outputs/table.js';
import { terminalField, terminalText } from '../../src/outputs/terminal.js';

const ESC = '\u001b';

function finding(path: string, severity: Finding['severity'], title: string): Finding {
  return {
    id: 'CODE-ABC123',
    category: 'code',
    severity,
    title,
    description: 'd',
    evidence: 'e',
    location: { target: 't', path, line: 3, column: 1, url: null, method: null },
    scanner_name: 'code',
    remediation: 'r',
    confidence: 0.9,
    owasp_categories: [],
  };
}

describe('terminal output', () => {
  it('shows control characters and bidirectional overrides as escapes', () => {
    expect(terminalField(`a${ESC}[2Kb\u0007c\u202Ed\u2066e\u0085f\r\ng`)).toBe('a\\x1B[2Kb\\x07c\\u202Ed\\u2066e\\x85f\\x0D\\x0Ag');
    expect(terminalText(`line 1\n\tline 2${ESC}]0;title\u0007`)).toBe('line 1\n\tline 2\\x1B]0;title\\x07');
    expect(terminalField('plain text, ünïcode and emoji 🚀')).toBe('plain text, ünïcode and emoji 🚀');
  });

  it('a crafted file name cannot erase rows or print a fake one in the table', () => {
    // Cursor up, erase line, then a fake LOW row; and a right-to-left override.
    const crafted = `src/a.js${ESC}[1A${ESC}[2K${ESC}[1A${ESC}[2K\rLOW       CODE-FAKE00   Nothing to see`;
    const table = renderTable({
      target: `acme/app${ESC}]0;pwned\u0007`,
      findings: [finding('src/real.js', 'HIGH', 'SQL injection'), finding(crafted, 'HIGH', `Title\u202Esj.exe`)],
      warnings: [`expired entry in ${ESC}[31m.vigilignore`],
    });
    expect(table).not.toContain(ESC);
    expect(table).not.toContain('\r');
    expect(table).not.toContain('\u0007');
    expect(table).not.toContain('\u202E');
    expect(table).toContain('\\x1B[1A\\x1B[2K');
    // Every finding is still one line: two rows, both HIGH.
    const rows = table.split('\n').filter((l) => l.startsWith('HIGH'));
    expect(rows).toHaveLength(2);
    expect(table.split('\n').some((l) => l.startsWith('LOW'))).toBe(false);
  });

  it('SARIF message text carries the same escapes, since viewers render it', () => {
    const text = messageText({ ...finding('a.js', 'HIGH', 'SQL injection'), evidence: `query(${ESC}[2J"\u202Edrop")` });
    expect(text).not.toContain(ESC);
    expect(text).not.toContain('\u202E');
    expect(text).toContain('\\x1B[2J');
  });
});
