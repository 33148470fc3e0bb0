// The `packs:*` channels: export (the desktop app's save dialog, else the bytes for a browser download),
// and import in steps — the file uploaded in pieces or fetched from a link and held in memory, previewed,
// then installed (opened and checked again) or discarded.
import type { Handlers } from '../../../shared/ipc/contract';
import { writeFileAtomic } from '../fs/atomic-write';
import type { PackService } from './pack-service';
import { createUploads } from './pack-uploads';
import { fetchPackFile } from './url-fetch';

export type PackChannel =
  'packs:export' | 'packs:upload' | 'packs:fetch' | 'packs:preview' | 'packs:install' | 'packs:discard';

export interface PackHandlerDeps {
  packs: PackService;
  /** The desktop app's save dialog: the path chosen, null when cancelled; absent headless. */
  saveFile?: ((suggestedName: string) => Promise<string | null>) | undefined;
  /** How long a link's download may take, whole (default 60 s). */
  fetchTimeoutMs?: number;
}

export function createPackHandlers(deps: PackHandlerDeps): Pick<Handlers, PackChannel> {
  const { packs } = deps;
  const uploads = createUploads({ maxBytes: packs.limits.packBytes });
  const held = (uploadId: string, passphrase?: string) => ({ ...uploads.get(uploadId), passphrase });

  return {
    'packs:export': async ({ skillId, passphrase }) => {
      const made = await packs.make(skillId, passphrase);
      const common = { fileName: made.fileName, leftOut: made.leftOut };
      if (!deps.saveFile)
        return {
          delivery: 'download',
          ...common,
          size: made.bytes.length,
          data: made.bytes.toString('base64'),
        };
      const chosen = await deps.saveFile(made.fileName);
      if (chosen === null) return { delivery: 'cancelled', ...common };
      await writeFileAtomic(chosen, made.bytes);
      return { delivery: 'saved', ...common, path: chosen, size: made.bytes.length };
    },

    'packs:upload': (piece) => uploads.receive(piece),

    'packs:fetch': async ({ url }) => {
      const fetched = await fetchPackFile(url, {
        maxBytes: packs.limits.packBytes,
        timeoutMs: deps.fetchTimeoutMs ?? 60_000,
      });
      const uploadId = uploads.hold(fetched.bytes, fetched.fileName);
      return { uploadId, received: fetched.bytes.length };
    },

    'packs:preview': ({ uploadId, passphrase }) => packs.preview(held(uploadId, passphrase), uploadId),

    'packs:install': async ({ uploadId, passphrase, onClash, newId }) => {
      const installed = await packs.install(held(uploadId, passphrase), { onClash, newId });
      uploads.drop(uploadId);
      return installed;
    },

    'packs:discard': ({ uploadId }) => ({ discarded: uploads.drop(uploadId) }),
  };
}
