// skilldeck:// links and the `--trigger` switch: the two ways a skill is started from outside the app
// (a desktop key binding, a browser link, `skilldeck run <skill> --trigger`). Parsed strictly: anything
// but `skilldeck://run/<skill>[?instruction=…]` is refused with the reason.
import { TriggerInput } from '../../../shared/types/desktop';
import { SkillId } from '../../../shared/types/skill';

export const DEEP_LINK_SCHEME = 'skilldeck';

/** Longer than any instruction TriggerInput accepts once percent-encoded, shorter than anything abusive. */
const MAX_URL_LENGTH = 400_000;

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/** `skilldeck://run/<skill>?instruction=…` → the trigger it asks for, or why it is not one. */
export function parseDeepLink(url: string): Parsed<TriggerInput> {
  const refuse = (why: string): Parsed<TriggerInput> => ({
    ok: false,
    error: `not a Skilldeck link: ${why}`,
  });
  if (url.length > MAX_URL_LENGTH) return refuse('too long');
  if (!/^skilldeck:\/\//i.test(url)) return refuse('it must start with skilldeck://');
  // The path is read from the text itself: URL parsing would resolve `.`/`..` segments (and %2E%2E).
  const rest = url.slice('skilldeck://'.length);
  const end = rest.search(/[?#]/);
  const [authority = '', ...segments] = (end === -1 ? rest : rest.slice(0, end)).split('/');
  if (/[@:]/.test(authority)) return refuse('no user, password or port allowed');
  if (authority.toLowerCase() !== 'run') return refuse(`unknown action "${authority}" (only run)`);
  if (rest.includes('#')) return refuse('no #fragment allowed');
  if (segments.length !== 1 || segments[0] === '') return refuse('expected skilldeck://run/<skill>');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return refuse('malformed URL');
  }
  let skillId: string;
  try {
    skillId = decodeURIComponent(segments[0]!);
  } catch {
    return refuse('bad percent-encoding in the skill id');
  }
  const id = SkillId.safeParse(skillId);
  if (!id.success) return refuse(`bad skill id: ${id.error.issues[0]?.message ?? 'invalid'}`);

  const keys = [...parsed.searchParams.keys()];
  const unknown = keys.find((k) => k !== 'instruction');
  if (unknown !== undefined) return refuse(`unknown parameter "${unknown}" (only instruction)`);
  if (keys.length > 1) return refuse('instruction given more than once');
  const instruction = parsed.searchParams.get('instruction') ?? '';
  return checked({ skillId: id.data, ...(instruction !== '' ? { instruction } : {}) }, refuse);
}

function checked(input: TriggerInput, refuse: (why: string) => Parsed<TriggerInput>): Parsed<TriggerInput> {
  const result = TriggerInput.safeParse(input);
  // the input as read (its `source` is set where it is handled: a link is not a command line)
  if (result.success) return { ok: true, value: input };
  const issue = result.error.issues[0];
  return refuse(issue ? `${issue.path.join('.') || 'input'}: ${issue.message}` : 'invalid');
}

/** What a launch's command line asks for: a trigger, nothing, or a request that is malformed. */
export type LaunchRequest =
  | { kind: 'none' }
  | { kind: 'trigger'; input: TriggerInput; via: 'deep-link' | 'switch' }
  | { kind: 'invalid'; error: string };

function switchValue(argv: readonly string[], name: string): { found: boolean; values: string[] } {
  const values: string[] = [];
  let found = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    // Chromium lowercases switch names on Windows; values are kept as given.
    const lower = arg.toLowerCase();
    if (lower.startsWith(`--${name}=`)) {
      found = true;
      values.push(arg.slice(name.length + 3));
    } else if (lower === `--${name}`) {
      found = true;
      const next = argv[i + 1];
      if (next !== undefined && !next.startsWith('--')) {
        values.push(next);
        i++;
      }
    }
  }
  return { found, values };
}

/**
 * Reads a command line (the app's own, or a second launch's from 'second-instance'): a
 * `skilldeck://…` argument anywhere (Windows and Linux pass the link as an argument), or
 * `--trigger <skill>` / `--trigger=<skill>` with an optional `--instruction=<text>`.
 */
export function readLaunchRequest(argv: readonly string[]): LaunchRequest {
  const links = argv.filter((a) => /^skilldeck:/i.test(a));
  const trigger = switchValue(argv, 'trigger');
  const instruction = switchValue(argv, 'instruction');
  if (links.length + (trigger.found ? 1 : 0) > 1)
    return { kind: 'invalid', error: 'more than one skill to trigger on the command line' };
  if (links.length === 1) {
    const parsed = parseDeepLink(links[0]!);
    return parsed.ok
      ? { kind: 'trigger', input: parsed.value, via: 'deep-link' }
      : { kind: 'invalid', error: parsed.error };
  }
  if (!trigger.found) return { kind: 'none' };
  if (trigger.values.length !== 1) return { kind: 'invalid', error: '--trigger needs one skill id' };
  if (instruction.values.length > 1) return { kind: 'invalid', error: '--instruction given more than once' };
  const skillId = SkillId.safeParse(trigger.values[0]);
  if (!skillId.success)
    return {
      kind: 'invalid',
      error: `--trigger: bad skill id: ${skillId.error.issues[0]?.message ?? 'invalid'}`,
    };
  const text = instruction.values[0];
  const parsed = checked({ skillId: skillId.data, ...(text ? { instruction: text } : {}) }, (why) => ({
    ok: false,
    error: `--instruction: ${why}`,
  }));
  return parsed.ok
    ? { kind: 'trigger', input: parsed.value, via: 'switch' }
    : { kind: 'invalid', error: parsed.error };
}

/** What protocol registration needs of Electron's `app`. */
export interface ProtocolApp {
  isPackaged: boolean;
  setAsDefaultProtocolClient(protocol: string): boolean;
}

/**
 * Makes the OS open skilldeck:// links with this app. Only when packaged: in development the executable
 * is Electron itself, and registering it would hand links to a bare Electron (Electron's deep-link guide).
 */
export function registerDeepLinkScheme(app: ProtocolApp): 'registered' | 'skipped' | 'refused' {
  if (!app.isPackaged) return 'skipped';
  return app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME) ? 'registered' : 'refused';
}
