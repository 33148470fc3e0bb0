import { describe, expect, it } from 'vitest';
import { migrate } from '../db';
import { migrations } from './index';
import { databaseAt, insertFinishedRun } from './test-support';

describe('migration 0110: what a voice run heard', () => {
  it('adds run_speech, one row per run, going with its run; the runs already there are kept', () => {
    const db = databaseAt(85);
    insertFinishedRun(db);
    migrate(db, migrations, 110);
    expect(db.pragma('user_version', { simple: true })).toBe(110);
    expect(db.prepare('SELECT count(*) AS n FROM run_events').get()).toEqual({ n: 1 });
    db.prepare(
      "INSERT INTO run_speech (run_id, transcript, audio_ms, audio_file) VALUES ('run_aaaaaa', 'hello', 1200, NULL)",
    ).run();
    expect(() =>
      db
        .prepare("INSERT INTO run_speech (run_id, transcript, audio_ms) VALUES ('run_nothere', 'x', 1)")
        .run(),
    ).toThrow(/FOREIGN KEY/);
    expect(() => db.prepare("UPDATE run_speech SET audio_ms = -1 WHERE run_id = 'run_aaaaaa'").run()).toThrow(
      /CHECK/,
    );
    db.prepare("DELETE FROM runs WHERE id = 'run_aaaaaa'").run();
    expect(db.prepare('SELECT count(*) AS n FROM run_speech').get()).toEqual({ n: 0 });
  });
});
