import { describe, expect, it } from 'vitest';
import { createClient } from '../../../../shared/ipc/client';
import { PACK_FILE_MAX_BYTES, PACK_PIECE_MAX_CHARS } from '../../../../shared/types/pack';
import { createFakeTransport } from '../../stores/fake-transport';
import { fromBase64 } from './pack-bytes';
import { createPacksStore, type PickedFile } from './packs-store';

const file = (bytes: Uint8Array, name = 'tidy.skillpack'): PickedFile => ({
  name,
  size: bytes.length,
  arrayBuffer: () => Promise.resolve(bytes.slice().buffer),
});

const ready = {
  status: 'ready',
  uploadId: 'upload-0001',
  fileName: 'tidy.skillpack',
  kind: 'pack',
  sealed: true,
  manifest: { id: 'tidy', name: 'tidy' },
  totalSize: 10,
  findings: [],
  runnable: true,
  tools: { mode: 'prompt', agent: false, allowed: null, disallowed: [], output: null },
  clash: null,
};

function setUp() {
  let received = 0;
  const fake = createFakeTransport({
    'packs:upload': (input) => {
      received += fromBase64((input as { data: string }).data).length;
      return { ok: true, value: { uploadId: 'upload-0001', received } };
    },
    'packs:preview': (input) =>
      (input as { passphrase?: string }).passphrase === 'right words'
        ? { ok: true, value: ready }
        : { ok: true, value: { status: 'locked', uploadId: 'upload-0001', fileName: 'tidy.skillpack' } },
    'packs:install': () => ({
      ok: true,
      value: { skillId: 'tidy', path: '/d/skills/tidy', replaced: null },
    }),
    'packs:discard': () => ({ ok: true, value: { discarded: true } }),
  });
  return { fake, store: createPacksStore(createClient(fake.transport)) };
}

describe('packs store', () => {
  it('uploads a file in pieces, in order, then asks for the passphrase, previews and installs', async () => {
    const { fake, store } = setUp();
    const bytes = Uint8Array.from({ length: 1_200_000 }, (_, i) => i % 256);
    store.getState().openImport();
    await store.getState().chooseFile(file(bytes));
    const pieces = fake
      .callsOf('packs:upload')
      .map((c) => c.input as { offset: number; data: string; done: boolean });
    expect(pieces.length).toBe(3);
    expect(pieces.every((p) => p.data.length <= PACK_PIECE_MAX_CHARS)).toBe(true);
    expect(pieces.map((p) => p.done)).toEqual([false, false, true]);
    expect(pieces[1]!.offset).toBe(fromBase64(pieces[0]!.data).length);
    expect(store.getState().current).toMatchObject({ step: 'locked', uploadId: 'upload-0001' });

    await store.getState().unlock('right words');
    expect(store.getState().current).toMatchObject({ step: 'preview', passphrase: 'right words' });
    await store.getState().install({});
    expect(fake.callsOf('packs:install')[0]!.input).toEqual({
      uploadId: 'upload-0001',
      passphrase: 'right words',
    });
    expect(store.getState().current).toMatchObject({ step: 'installed', installed: { skillId: 'tidy' } });
  });

  it('refuses a file over the limit without sending it, and closing lets go of a held file', async () => {
    const { fake, store } = setUp();
    await store.getState().chooseFile({
      name: 'big.zip',
      size: PACK_FILE_MAX_BYTES + 5 * 1024 * 1024,
      arrayBuffer: () => Promise.reject(new Error('not read')),
    });
    expect(fake.callsOf('packs:upload')).toEqual([]);
    expect(store.getState().error).toBe('the file is 25 MiB, over the 20 MiB a pack may be');

    await store.getState().chooseFile(file(new Uint8Array([1, 2, 3])));
    store.getState().closeImport();
    expect(fake.callsOf('packs:discard')).toEqual([
      { channel: 'packs:discard', input: { uploadId: 'upload-0001' } },
    ]);
    expect(store.getState().importOpen).toBe(false);
  });
});
