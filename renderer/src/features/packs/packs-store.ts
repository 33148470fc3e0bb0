// The import dialog's steps (a file or link → held by the host → locked? → preview → installed) and the
// export of one skill. The host does all the checking; this store only carries the file there and back.
import { create } from 'zustand';
import type { Client } from '../../../../shared/ipc/client';
import type { Result } from '../../../../shared/ipc/result';
import {
  PACK_FILE_MAX_BYTES,
  PACK_PIECE_MAX_CHARS,
  type PackExported,
  type PackInstalled,
  type PackPreview,
} from '../../../../shared/types/pack';
import { errorText } from '../../i18n/error-text';
import { base64Pieces } from './pack-bytes';

export type ReadyPreview = Extract<PackPreview, { status: 'ready' }>;

export type ImportStep =
  | { step: 'source' }
  | { step: 'locked'; uploadId: string; fileName: string }
  | { step: 'preview'; preview: ReadyPreview; passphrase: string | undefined }
  | { step: 'installed'; installed: PackInstalled; name: string };

export interface PickedFile {
  name: string;
  size: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}

export interface InstallChoice {
  onClash?: 'replace' | 'rename';
  newId?: string;
}

export interface PacksState {
  importOpen: boolean;
  current: ImportStep;
  busy: boolean;
  /** What went wrong in the current step, in the dashboard's language. */
  error: string | null;
  openImport(file?: PickedFile): void;
  /** Closes the dialog; the host lets go of a file it still holds. */
  closeImport(): void;
  chooseFile(file: PickedFile): Promise<void>;
  fetchUrl(url: string): Promise<void>;
  unlock(passphrase: string): Promise<void>;
  install(choice: InstallChoice): Promise<void>;
  /** Back to choosing a file (after a refusal, or to pick another). */
  startOver(): void;
  exportSkill(skillId: string, passphrase?: string): Promise<Result<PackExported>>;
}

const heldId = (step: ImportStep) =>
  step.step === 'locked' ? step.uploadId : step.step === 'preview' ? step.preview.uploadId : null;

export function createPacksStore(client: Client) {
  const useStore = create<PacksState>()((set, get) => {
    const discard = () => {
      const id = heldId(get().current);
      if (id) void client.request('packs:discard', { uploadId: id });
    };
    const fail = (error: Parameters<typeof errorText>[0]) => set({ busy: false, error: errorText(error) });

    async function preview(uploadId: string, passphrase?: string) {
      const result = await client.request('packs:preview', {
        uploadId,
        ...(passphrase ? { passphrase } : {}),
      });
      if (!result.ok) return fail(result.error);
      const value = result.value;
      set({
        busy: false,
        error: null,
        current:
          value.status === 'locked'
            ? { step: 'locked', uploadId: value.uploadId, fileName: value.fileName }
            : { step: 'preview', preview: value, passphrase },
      });
    }

    async function upload(file: PickedFile): Promise<string | null> {
      if (file.size > PACK_FILE_MAX_BYTES) {
        const mib = (n: number) => `${Math.round(n / (1024 * 1024))} MiB`;
        const values = { size: mib(file.size), limit: mib(PACK_FILE_MAX_BYTES) };
        fail({
          message: `the file is ${values.size}, over the ${values.limit} a pack may be`,
          words: { key: 'packs.tooLarge', values },
        });
        return null;
      }
      const pieces = base64Pieces(new Uint8Array(await file.arrayBuffer()), PACK_PIECE_MAX_CHARS);
      let uploadId: string | undefined;
      let offset = 0;
      for (const [i, data] of pieces.entries()) {
        const result = await client.request('packs:upload', {
          ...(uploadId ? { uploadId } : { fileName: file.name.slice(0, 255) }),
          offset,
          data,
          done: i === pieces.length - 1,
        });
        if (!result.ok) {
          fail(result.error);
          return null;
        }
        uploadId = result.value.uploadId;
        offset = result.value.received;
      }
      return uploadId ?? null;
    }

    return {
      importOpen: false,
      current: { step: 'source' },
      busy: false,
      error: null,

      openImport(file) {
        set({ importOpen: true, current: { step: 'source' }, error: null, busy: false });
        if (file) void get().chooseFile(file);
      },

      closeImport() {
        discard();
        set({ importOpen: false, current: { step: 'source' }, error: null, busy: false });
      },

      startOver() {
        discard();
        set({ current: { step: 'source' }, error: null, busy: false });
      },

      async chooseFile(file) {
        discard();
        set({ busy: true, error: null, current: { step: 'source' } });
        const uploadId = await upload(file);
        if (uploadId) await preview(uploadId);
      },

      async fetchUrl(url) {
        discard();
        set({ busy: true, error: null, current: { step: 'source' } });
        const result = await client.request('packs:fetch', { url: url.trim() });
        if (!result.ok) return fail(result.error);
        await preview(result.value.uploadId);
      },

      async unlock(passphrase) {
        const current = get().current;
        if (current.step !== 'locked') return;
        set({ busy: true, error: null });
        await preview(current.uploadId, passphrase);
      },

      async install(choice) {
        const current = get().current;
        if (current.step !== 'preview') return;
        set({ busy: true, error: null });
        const { uploadId, manifest } = current.preview;
        const result = await client.request('packs:install', {
          uploadId,
          ...(current.passphrase ? { passphrase: current.passphrase } : {}),
          ...choice,
        });
        if (!result.ok) return fail(result.error);
        set({ busy: false, current: { step: 'installed', installed: result.value, name: manifest.name } });
      },

      exportSkill: (skillId, passphrase) =>
        client.request('packs:export', { skillId, ...(passphrase ? { passphrase } : {}) }),
    };
  });
  return useStore;
}

export type PacksStore = ReturnType<typeof createPacksStore>;
