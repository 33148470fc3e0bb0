// Platform ports that keep everything in memory: the default for a core created without real ones
// (tests, the headless host before the desktop issue), and a recorder tests can inspect.

import type { Card, CapturedSelection, FocusedWindow, LauncherEntry, PlatformPorts } from './platform';

export interface MemoryPorts extends PlatformPorts {
  /** What focus.current() answers (tests set it). */
  focused: FocusedWindow | null;
  /** What selection.capture() answers (tests set it). */
  selected: CapturedSelection;
  /** What the command bar answers (null: dismissed); the requests it got. */
  commandBarAnswer: string | null;
  readonly commandBarAsked: { skillId: string; placeholder: string; initial?: string }[];
  /** The window each command bar (question or launcher) was told to give the keyboard back to. */
  readonly commandBarTargets: (string | null)[];
  /**
   * The launcher's answer: given what it was shown (the skills for an empty filter, and `filter`), the
   * choice — null dismisses. Default: dismissed. What it was shown each time is kept.
   */
  launcherAnswer: (
    skills: LauncherEntry[],
    filter: (query: string) => LauncherEntry[],
  ) => { skillId: string; instruction?: string } | null;
  readonly launcherShown: LauncherEntry[][];
  /** What was inserted, shown, notified, in order. */
  readonly inserted: string[];
  /** Each insert with its options: after the selection or over it, and the window it was meant for. */
  readonly insertions: { text: string; after: boolean; target: string | null }[];
  readonly cards: Card[];
  readonly notices: { title: string; body: string }[];
  clipboardText: string;
}

export function createMemoryPorts(): MemoryPorts {
  const secrets = new Map<string, string>();
  const ports: MemoryPorts = {
    focused: null,
    selected: { text: '', method: 'none' },
    commandBarAnswer: null,
    commandBarAsked: [],
    commandBarTargets: [],
    launcherAnswer: () => null,
    launcherShown: [],
    focus: { current: () => Promise.resolve(ports.focused) },
    selection: { capture: () => Promise.resolve({ ...ports.selected }) },
    commandBar: {
      ask: (request) => {
        ports.commandBarTargets.push(request.target?.id ?? null);
        ports.commandBarAsked.push({
          skillId: request.skillId,
          placeholder: request.placeholder,
          ...(request.initial !== undefined ? { initial: request.initial } : {}),
        });
        return Promise.resolve(ports.commandBarAnswer);
      },
      choose: (request) => {
        ports.commandBarTargets.push(request.target?.id ?? null);
        ports.launcherShown.push(request.skills);
        return Promise.resolve(ports.launcherAnswer(request.skills, request.filter));
      },
    },
    inserted: [],
    insertions: [],
    cards: [],
    notices: [],
    clipboardText: '',
    clipboard: {
      readText: () => Promise.resolve(ports.clipboardText),
      writeText: (text) => {
        ports.clipboardText = text;
        return Promise.resolve();
      },
    },
    inserter: {
      insert: (text, options) => {
        ports.inserted.push(text);
        ports.insertions.push({
          text,
          after: options?.after === true,
          target: options?.target?.id ?? null,
        });
        return Promise.resolve({ inserted: true });
      },
    },
    card: {
      show: (card) => {
        ports.cards.push({ ...card });
        return Promise.resolve(undefined);
      },
    },
    notifier: {
      notify: (title, body) => {
        ports.notices.push({ title, body });
        return Promise.resolve();
      },
    },
    secrets: {
      kind: 'session',
      get: (name) => Promise.resolve(secrets.get(name) ?? null),
      set: (name, value) => {
        secrets.set(name, value);
        return Promise.resolve();
      },
      delete: (name) => {
        secrets.delete(name);
        return Promise.resolve();
      },
    },
  };
  return ports;
}
