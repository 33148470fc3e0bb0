import { describe, expect, it } from 'vitest';
import { checkNativeBinding, explainStartupError, NATIVE_BUILD_COMMAND } from './native';

describe('checkNativeBinding', () => {
  it('returns the file when it exists', () => {
    expect(checkNativeBinding('/x/better_sqlite3.node', false, () => true)).toEqual({
      ok: true,
      file: '/x/better_sqlite3.node',
    });
  });

  it('in development tells how to build it, and the headless fallback', () => {
    const status = checkNativeBinding('/repo/build-electron/better_sqlite3.node', false, () => false);
    expect(status.ok).toBe(false);
    if (status.ok) return;
    expect(status.message).toContain('/repo/build-electron/better_sqlite3.node');
    expect(status.message).toContain(NATIVE_BUILD_COMMAND);
    expect(NATIVE_BUILD_COMMAND).toBe('npm run build:native-electron');
    expect(status.message).toContain('npx skilldeck serve');
  });

  it('packaged asks for a reinstall (there is no npm for the user)', () => {
    const status = checkNativeBinding('/opt/res/native/better_sqlite3.node', true, () => false);
    expect(status).toMatchObject({ ok: false, message: expect.stringContaining('Reinstall Skilldeck') });
    if (!status.ok) expect(status.message).not.toContain('npm');
  });
});

describe('explainStartupError', () => {
  const abiError = new Error(
    "The module '/repo/build-electron/better_sqlite3.node' was compiled against a different Node.js version using " +
      'NODE_MODULE_VERSION 140. This version of Node.js requires NODE_MODULE_VERSION 150.',
  );

  it('adds the rebuild command to an ABI mismatch in development', () => {
    expect(explainStartupError(abiError, false)).toMatch(
      /NODE_MODULE_VERSION 140[\s\S]*npm run build:native-electron$/,
    );
  });

  it('leaves other errors and packaged builds as they are', () => {
    expect(explainStartupError(abiError, true)).toBe(abiError.message);
    expect(explainStartupError(new Error('disk full'), false)).toBe('disk full');
    expect(explainStartupError('plain', false)).toBe('plain');
  });
});
