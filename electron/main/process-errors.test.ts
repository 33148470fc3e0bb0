import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { describeFailure, installProcessErrorHandlers, maskSecrets } from './process-errors';

function harness() {
  const target = new EventEmitter();
  const lines: string[] = [];
  const told: string[] = [];
  const undo = installProcessErrorHandlers({
    target,
    log: (line) => lines.push(line),
    tell: (summary) => told.push(summary),
  });
  return { target, lines, told, undo };
}

describe('the main process error handlers', () => {
  it('log an unhandled rejection on one line, with the first frame, and keep the process alive', () => {
    const { target, lines, told } = harness();
    const error = new TypeError('cannot read "x"\n  of undefined');
    error.stack = 'TypeError: cannot read "x"\n    at paste (/app/out/main/index.js:10:5)\n    at next (x)';
    target.emit('unhandledRejection', error, Promise.resolve());
    expect(lines).toEqual([
      '[skilldeck] unhandled promise rejection: TypeError: cannot read "x" of undefined (at paste (/app/out/main/index.js:10:5))',
    ]);
    expect(lines[0]).not.toContain('\n');
    expect(told).toEqual([]); // a rejection is logged, not shown
  });

  it('log an uncaught exception and tell the user once per session, never quitting silently', () => {
    const { target, lines, told } = harness();
    target.emit('uncaughtException', new Error('first'));
    target.emit('uncaughtException', new Error('second'));
    expect(lines).toEqual([
      expect.stringMatching(/^\[skilldeck\] uncaught exception \(Skilldeck keeps running\): Error: first/),
      expect.stringMatching(/^\[skilldeck\] uncaught exception \(Skilldeck keeps running\): Error: second/),
    ]);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatch(/^Error: first/);
  });

  it('a failure to tell the user is logged too, not thrown from the handler', () => {
    const target = new EventEmitter();
    const lines: string[] = [];
    installProcessErrorHandlers({
      target,
      log: (line) => lines.push(line),
      tell: () => {
        throw new Error('no display');
      },
    });
    expect(() => target.emit('uncaughtException', new Error('boom'))).not.toThrow();
    expect(lines.at(-1)).toMatch(/could not tell the user about it: Error: no display/);
  });

  it('never logs what looks like a key or token', () => {
    const line = describeFailure(
      new Error(
        'POST https://api.example.com/v1?api_key=abc123def failed: Authorization: Bearer sk-proj-0123456789abcdef token=zzz "password":"hunter2" ghp_0123456789abcdefghij',
      ),
    );
    for (const secret of ['abc123def', 'sk-proj-0123456789abcdef', 'zzz', 'hunter2', '0123456789abcdefghij'])
      expect(line).not.toContain(secret);
    expect(line).toContain('api.example.com');
    expect(maskSecrets('a 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08 b')).toBe(
      'a *** b',
    );
    // a path is not a secret: where the failure happened stays readable
    const path = '/Applications/Skilldeck.app/Contents/Resources/app.asar/out/main/index.js:10:5';
    expect(maskSecrets(path)).toBe(path);
  });

  it('a log that throws (stderr closed: EPIPE) does not throw out of the handler', () => {
    const target = new EventEmitter();
    installProcessErrorHandlers({
      target,
      log: () => {
        throw new Error('write EPIPE');
      },
    });
    expect(() => target.emit('uncaughtException', new Error('boom'))).not.toThrow();
    expect(() => target.emit('unhandledRejection', new Error('boom'))).not.toThrow();
  });

  it('describes whatever was thrown, and cuts a long line', () => {
    expect(describeFailure('plain words')).toBe('plain words');
    expect(describeFailure({ code: 'EPIPE' })).toBe('{"code":"EPIPE"}');
    expect(describeFailure(undefined)).toBe('undefined');
    expect(describeFailure(new Error('x '.repeat(1000))).length).toBeLessThanOrEqual(601);
  });

  it('installing again replaces the handlers, and the undo removes them', () => {
    const target = new EventEmitter();
    const log = () => undefined;
    installProcessErrorHandlers({ target, log });
    const undo = installProcessErrorHandlers({ target, log });
    expect(target.listenerCount('unhandledRejection')).toBe(1);
    expect(target.listenerCount('uncaughtException')).toBe(1);
    undo();
    expect(target.listenerCount('unhandledRejection')).toBe(0);
    expect(target.listenerCount('uncaughtException')).toBe(0);
  });
});
