import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectLayout, sortPhases } from './layout';

describe('phases layout', () => {
  it('orders phases numerically, with 02.5 between 02 and 03 and 10 after 9', () => {
    const order = sortPhases([
      '10-ship.md',
      '03-edit.md',
      '02.5-review.md',
      '01-plan.md',
      '02-draft.md',
      '9-check.md',
      'notes.txt',
      'README.md',
    ]);
    expect(order.map((p) => p.file)).toEqual([
      '01-plan.md',
      '02-draft.md',
      '02.5-review.md',
      '03-edit.md',
      '9-check.md',
      '10-ship.md',
    ]);
    expect(order[2]).toEqual({ order: 2.5, file: '02.5-review.md', name: 'review' });
  });

  it('detects numbered phases, an orchestrator with actions, or neither', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-layout-'));
    const make = (rel: string) => {
      fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      fs.writeFileSync(path.join(root, rel), '# x');
    };
    make('phased/phases/02-b.md');
    make('phased/phases/01-a.md');
    make('auto/phases/orchestrator.md');
    make('auto/phases/actions/search.md');
    make('auto/phases/actions/answer.md');
    make('plain/SKILL.md');
    expect(await detectLayout(path.join(root, 'phased'))).toMatchObject({
      layout: 'phases',
      phases: [{ file: '01-a.md' }, { file: '02-b.md' }],
    });
    expect(await detectLayout(path.join(root, 'auto'))).toMatchObject({
      layout: 'autonomous',
      actions: ['answer.md', 'search.md'],
    });
    expect(await detectLayout(path.join(root, 'plain'))).toEqual({ phases: [], actions: [] });
    fs.rmSync(root, { recursive: true, force: true });
  });
});
