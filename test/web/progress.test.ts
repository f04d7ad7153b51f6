import { randomFillSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { formatElapsed, formatFiles, formatProgress, newProgressId } from '../../web/src/lib/progress.js';

describe('progress formatting', () => {
  it('writes elapsed time as minutes and seconds, with hours when needed', () => {
    expect(formatElapsed(0)).toBe('0:00');
    expect(formatElapsed(7_900)).toBe('0:07');
    expect(formatElapsed(725_000)).toBe('12:05');
    expect(formatElapsed(3_723_000)).toBe('1:02:03');
    expect(formatElapsed(-5)).toBe('0:00');
  });

  it('reports files done of total with a percentage that never passes 100', () => {
    expect(formatFiles({ stage: 'scanning', files_done: 120, files_total: 400 })).toBe('120 of 400 files (30%)');
    expect(formatFiles({ stage: 'scanning', files_done: 5, files_total: 4 })).toBe('5 of 4 files (100%)');
    expect(formatFiles({ stage: 'scanning', files_done: 1 })).toBe('1 file');
    expect(formatFiles({ stage: 'downloading' })).toBeUndefined();
  });

  it('joins stage, files and elapsed time, and says Starting before the first answer', () => {
    expect(formatProgress(undefined, 1_000)).toBe('Starting · 0:01');
    expect(formatProgress({ stage: 'downloading' }, 3_000)).toBe('Downloading the repository · 0:03');
    expect(formatProgress({ stage: 'scanning', files_done: 10, files_total: 20 }, 61_000)).toBe('Scanning files · 10 of 20 files (50%) · 1:01');
  });
});

describe('newProgressId', () => {
  it('makes 32 characters the service accepts, from the random source it is given', () => {
    const id = newProgressId((bytes) => randomFillSync(bytes));
    expect(id).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(newProgressId((bytes) => randomFillSync(bytes))).not.toBe(id);
    expect(newProgressId((bytes) => bytes.fill(0))).toBe('A'.repeat(32));
    expect(newProgressId((bytes) => bytes.fill(255))).toBe('_'.repeat(32));
  });
});
