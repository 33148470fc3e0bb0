// What a file or recording is: its container (by its bytes, never its name) and how long it lasts.
// music-metadata reads WAV, MP3, M4A and Ogg; WebM from a browser's MediaRecorder is written as a stream
// (elements of unknown size, no duration), which it cannot read, so WebM is walked with the `ebml` decoder:
// the last block's time is the length.
import { Decoder, type EbmlTag } from 'ebml';
import { parseBuffer } from 'music-metadata';
import type { AudioContainer } from '../../../shared/types/speech';
import { speechErrors } from './speech-error';

export interface ProbedAudio {
  container: AudioContainer;
  /** What the transcription endpoint is told the file is. */
  mediaType: string;
  /** The file name extension it is sent with (OpenAI reads the format from it). */
  extension: string;
  durationMs: number;
}

const MEDIA: Record<AudioContainer, { mediaType: string; extension: string }> = {
  wav: { mediaType: 'audio/wav', extension: 'wav' },
  mp3: { mediaType: 'audio/mpeg', extension: 'mp3' },
  m4a: { mediaType: 'audio/mp4', extension: 'm4a' },
  webm: { mediaType: 'audio/webm', extension: 'webm' },
  ogg: { mediaType: 'audio/ogg', extension: 'ogg' },
};

const EBML_MAGIC = [0x1a, 0x45, 0xdf, 0xa3];

/** music-metadata's container names for the ones accepted. */
function containerOf(name: string | undefined, codec: string | undefined): AudioContainer | null {
  const c = (name ?? '').toLowerCase();
  if (c === 'wave' || c === 'wav') return 'wav';
  if (c === 'mpeg' && /layer 3|mp3/i.test(codec ?? 'layer 3')) return 'mp3';
  if (c === 'ogg') return 'ogg';
  if (/^(m4a|mp4|isom|mp42|m4b|3gp)/.test(c) || c.includes('m4a') || c.includes('mp4')) return 'm4a';
  return null;
}

/** A WebM / Matroska stream with an audio track: its length from its blocks' timecodes. */
function probeWebm(bytes: Uint8Array): Promise<number | null> {
  return new Promise((resolve) => {
    const decoder = new Decoder();
    let docType = '';
    let scaleNs = 1_000_000;
    let cluster = 0;
    let lastMs = 0;
    let audio = false;
    let blocks = 0;
    decoder.on('data', ([kind, tag]: ['start' | 'end' | 'tag', EbmlTag]) => {
      if (kind !== 'tag') return;
      if (tag.name === 'DocType') docType = tag.data.toString('latin1');
      else if (tag.name === 'TimecodeScale' && typeof tag.value === 'number') scaleNs = tag.value;
      else if (tag.name === 'Timecode' && typeof tag.value === 'number') cluster = tag.value;
      else if (tag.name === 'CodecID' && tag.data.toString('latin1').startsWith('A_')) audio = true;
      else if ((tag.name === 'SimpleBlock' || tag.name === 'Block') && typeof tag.value === 'number') {
        blocks++;
        lastMs = Math.max(lastMs, ((cluster + tag.value) * scaleNs) / 1_000_000);
      }
    });
    const done = () => resolve(audio && blocks > 0 && /^(webm|matroska)$/.test(docType) ? lastMs : null);
    decoder.on('error', done);
    decoder.on('finish', done);
    try {
      decoder.end(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    } catch {
      resolve(null);
    }
  });
}

/**
 * The audio's container and length; `what` names it in the refusal ("rec.txt", "the recording"). A file
 * that is not audio, or audio in another container, is refused as not audio.
 */
export async function probeAudio(bytes: Uint8Array, what: string): Promise<ProbedAudio> {
  if (bytes.length === 0) throw speechErrors.notAudio(what);
  if (EBML_MAGIC.every((b, i) => bytes[i] === b)) {
    const ms = await probeWebm(bytes);
    if (ms === null) throw speechErrors.notAudio(what);
    return { container: 'webm', ...MEDIA.webm, durationMs: Math.round(ms) };
  }
  let format;
  try {
    ({ format } = await parseBuffer(bytes, undefined, { duration: true, skipCovers: true }));
  } catch {
    throw speechErrors.notAudio(what);
  }
  const container = containerOf(format.container, format.codec);
  const seconds = format.duration;
  if (!container || seconds === undefined || !Number.isFinite(seconds) || !format.sampleRate)
    throw speechErrors.notAudio(what);
  return { container, ...MEDIA[container], durationMs: Math.round(seconds * 1000) };
}
