// The flags of `pack` and `unpack`, checked before anything is opened: a passphrase is only ever read
// from an environment variable (never a flag's value, which other users can see in the process list).
import { NewSkillId } from '../../shared/types/skill';

interface PackFlagValues {
  output?: string | undefined;
  'passphrase-env'?: string | undefined;
  replace?: boolean | undefined;
  rename?: string | undefined;
}

/** The passphrase from `--passphrase-env VAR`, undefined without the flag, or the usage problem. */
export function passphraseFrom(
  name: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): { passphrase: string | undefined } | { problem: string } {
  if (name === undefined) return { passphrase: undefined };
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name))
    return {
      problem: `--passphrase-env takes the name of an environment variable (e.g. PACK_PASSPHRASE), not "${name}"`,
    };
  const value = env[name];
  if (!value)
    return {
      problem: `--passphrase-env ${name}: ${name} is not set in this environment; export it first, e.g. read -rs ${name} && export ${name}`,
    };
  return { passphrase: value };
}

export function packFlagsProblem(command: 'pack' | 'unpack', values: PackFlagValues): string | null {
  if (command === 'pack') {
    if (values.replace || values.rename !== undefined) return '--replace and --rename are for `unpack`';
    return null;
  }
  if (values.output !== undefined) return '`unpack` installs into the user folder; it takes no -o';
  if (values.replace && values.rename !== undefined) return 'give --replace or --rename, not both';
  if (values.rename !== undefined && !NewSkillId.safeParse(values.rename).success)
    return `--rename takes a new skill id: lowercase letters, digits and single hyphens (e.g. my-skill), not "${values.rename}"`;
  return null;
}
