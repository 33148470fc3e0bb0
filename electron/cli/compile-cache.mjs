// V8's code cache for the CLI bundle: Node 20 compiles every chunk from source on every start (Node 22's
// module.enableCompileCache() does not exist here), which is most of a command's start-up (~90 ms of the
// core's chunks for `run`). The bundle is CommonJS, so its chunks are compiled here with vm.Script and the
// cached data V8 hands back; the cache sits beside the bundle (`out/cli/.v8-cache/`, emptied by each build)
// and is written when the process ends, once per chunk, atomically. A cache that cannot be read or written
// (a read-only install) only costs the compile it would have saved. V8 refuses data made by another Node
// version or set of flags (then it is rewritten), but it matches the source by its length only: a cache
// file is named after its file's size and modification time too, so an edited file never runs stale code.
import fs from 'node:fs';
import Module from 'node:module';
import path from 'node:path';
import vm from 'node:vm';

/** Compiles the CommonJS files under `folder` through the code cache in `folder/.v8-cache/`. */
export function useCompileCache(folder) {
  const cacheDir = path.join(folder, '.v8-cache');
  const inFolder = folder + path.sep;
  /** @type {{ script: vm.Script; file: string; name: string }[]} */
  const toWrite = [];
  const compile = Module.prototype._compile;
  Module.prototype._compile = function compileWithCache(content, filename, ...rest) {
    if (!filename.startsWith(inFolder) || !filename.endsWith('.js'))
      return compile.call(this, content, filename, ...rest);
    const name = path.basename(filename);
    let file;
    try {
      const { size, mtimeMs } = fs.statSync(filename);
      file = path.join(cacheDir, `${name}.${size}-${Math.trunc(mtimeMs)}.cache`);
    } catch {
      return compile.call(this, content, filename, ...rest);
    }
    let cachedData;
    try {
      cachedData = fs.readFileSync(file);
    } catch {
      cachedData = undefined; // first start since the build
    }
    const script = new vm.Script(Module.wrap(content), { filename, cachedData });
    if (cachedData === undefined || script.cachedDataRejected) toWrite.push({ script, file, name });
    const wrapper = script.runInThisContext({ displayErrors: true });
    const require = Module.createRequire(filename);
    return wrapper.call(this.exports, this.exports, require, this, filename, path.dirname(filename));
  };
  process.once('exit', () => {
    if (toWrite.length === 0) return;
    try {
      fs.mkdirSync(cacheDir, { recursive: true });
      const present = fs.readdirSync(cacheDir);
      for (const { script, file, name } of toWrite) {
        // the functions compiled while the command ran are in it too
        const temporary = `${file}.${process.pid}.tmp`;
        fs.writeFileSync(temporary, script.createCachedData());
        fs.renameSync(temporary, file);
        // the cache of the file's earlier versions
        for (const old of present)
          if (old.startsWith(`${name}.`) && old.endsWith('.cache') && path.join(cacheDir, old) !== file)
            fs.rmSync(path.join(cacheDir, old), { force: true });
      }
    } catch {
      // a read-only install: the next start compiles from source, as without a cache
    }
  });
}
