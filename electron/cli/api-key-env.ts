// `--api-key-env A,B,C`, checked before the core is loaded (a usage error answers at once).

/** `--api-key-env A,B,C`: the variables named, in order, each once. */
export function apiKeyEnvNames(flag: string): string[] {
  return flag
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

/**
 * What is wrong with `--api-key-env`, or null: each name must be a variable's name, given once, and set
 * to a non-empty value.
 */
export function apiKeyEnvProblem(
  flag: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): string | null {
  if (flag === undefined) return null;
  const names = apiKeyEnvNames(flag);
  if (names.length === 0)
    return '--api-key-env takes the names of environment variables (e.g. OPENAI_API_KEY, or A,B,C for several keys)';
  for (const [index, name] of names.entries()) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name))
      return `--api-key-env takes the names of environment variables (e.g. OPENAI_API_KEY, or A,B,C for several keys), not "${name}"`;
    if (names.indexOf(name) !== index) return `--api-key-env names ${name} twice: name each variable once`;
    if (!env[name])
      return `--api-key-env ${name}: ${name} is not set in this environment; export it first, e.g. ${name}=… skilldeck run …`;
  }
  return null;
}
