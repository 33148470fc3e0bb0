import { describe, expect, it } from 'vitest';
import { sandboxGrants } from './sandbox-grants';
import { loadShellParser } from './shell-command';
import type { PermissionEnv, PermissionRules } from './types';

await loadShellParser();

const env = (rules: Partial<PermissionRules>): PermissionEnv => ({
  mode: 'default',
  rules: { allow: [], ask: [], deny: [], ...rules },
  workdir: '/work/proj',
  home: '/home/ann',
});

describe('sandboxGrants', () => {
  it('gives the network to a skill listing Network, or without allowed-tools to an allow rule; deny wins', () => {
    expect(sandboxGrants(env({}), new Set(['Bash', 'Network'])).network).toBe(true);
    expect(sandboxGrants(env({}), new Set(['Bash'])).network).toBe(false);
    expect(sandboxGrants(env({ allow: ['Network'] }), new Set(['Bash'])).network).toBe(false);
    expect(sandboxGrants(env({ allow: ['Network'] }), null).network).toBe(true);
    expect(sandboxGrants(env({}), null).network).toBe(false);
    expect(sandboxGrants(env({ deny: ['Network'] }), new Set(['Network'])).network).toBe(false);
  });

  it('opens the fixed folders of Read and Edit allow rules outside the working directory', () => {
    const grants = sandboxGrants(
      env({
        allow: [
          'Read(~/docs/**)',
          'Grep(//data/sets/*.csv)',
          'Edit(~/notes/**)',
          'Write(//srv/out/)',
          'Edit(src/**)', // inside the working directory: nothing to open
          'Read(*.env)',
          'Bash(ls:*)',
          'WebFetch(domain:example.com)',
        ],
      }),
      null,
    );
    expect(grants).toEqual({
      network: false,
      readOnly: ['/home/ann/docs', '/data/sets'],
      writable: ['/home/ann/notes', '/srv/out'],
    });
  });
});
