import { describe, expect, it } from 'vitest';
import { isDirty, snapshotOf } from '../../src/admin/discard-guard.tsx';

describe('a form asks before its changes are thrown away (issue 44, item 4)', () => {
  it('is changed once it differs from the form it opened with, and not when typed back', () => {
    const opened = { name: 'Contract chart', grids: { grid: { rows: ['1'], cells: [['4.50']] } } };
    const snapshot = snapshotOf(opened);
    expect(isDirty(snapshot, { ...opened })).toBe(false);
    expect(isDirty(snapshot, { ...opened, name: 'Contract chart 2' })).toBe(true);
    expect(isDirty(snapshot, { ...opened, grids: { grid: { rows: ['1'], cells: [['4.60']] } } })).toBe(true);
    expect(isDirty(snapshot, { ...opened, name: 'Contract chart' })).toBe(false);
  });

  it('a draft put back after signing in again is unsaved work; a closed form is not', () => {
    expect(isDirty(null, { name: 'Half typed' })).toBe(true);
    expect(isDirty(snapshotOf({ name: 'x' }), null)).toBe(false);
  });
});
