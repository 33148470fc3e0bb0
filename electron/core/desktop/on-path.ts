import fs from 'node:fs';
import path from 'node:path';

/** Whether an executable of that name is on PATH (optional desktop tools: xdotool, wtype, ydotool…). */
export function onPath(program: string, env: NodeJS.ProcessEnv = process.env): boolean {
  return (env.PATH ?? '')
    .split(path.delimiter)
    .filter(Boolean)
    .some((dir) => {
      try {
        fs.accessSync(path.join(dir, program), fs.constants.X_OK);
        return true;
      } catch {
        return false;
      }
    });
}
