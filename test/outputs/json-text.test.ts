import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonText } from '../../src/core/json-text.js';
import { buildScanResponse } from '../../src/outputs/scan-response.js';

afterEach(() => vi.restoreAllMocks());

describe('jsonText', () => {
  it('is JSON.stringify, worked out once per object', () => {
    const value = { findings: [{ id: 'CODE-1', evidence: 'x = "é"' }], n: 1 };
    const stringify = vi.spyOn(JSON, 'stringify');
    expect(jsonText(value)).toBe('{"findings":[{"id":"CODE-1","evidence":"x = \\"é\\""}],"n":1}');
    expect(jsonText(value)).toBe(jsonText(value));
    expect(stringify).toHaveBeenCalledTimes(1);
    expect([jsonText('a'), jsonText(null), jsonText(3)]).toEqual(['"a"', 'null', '3']);
  });

  it('lets a scan response measured against its ceiling be stored without serialising it again', () => {
    const at = new Date('2026-11-26T12:00:00Z');
    const response = buildScanResponse({ scanId: 's1', targetType: 'github', target: 'a/b', startedAt: at, completedAt: at, outcome: { findings: [], warnings: [], stats: {} } });
    const stringify = vi.spyOn(JSON, 'stringify');
    expect(JSON.parse(jsonText(response))).toEqual(response);
    expect(stringify).not.toHaveBeenCalled();
  });
});
