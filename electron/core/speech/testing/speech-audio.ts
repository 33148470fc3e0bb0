// Real audio for the voice tests: speech spoken by espeak-ng (Debian package `espeak-ng`) into a WAV, and
// the same encoded as MP3 (`lame`), Ogg/Opus (`opus-tools`) and M4A/AAC (`ffmpeg`) where those are installed; silence as a
// 16-bit PCM WAV written here (a header and zeros).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { onPath } from '../../fs/on-path';

export const hasTool = (name: string) => onPath(name, process.env);

/** A temp folder for one test file's audio; removed by the returned function. */
export function audioFolder(): { dir: string; remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-audio-'));
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** `text` spoken by espeak-ng into `<dir>/<name>.wav` (22,050 Hz mono); the file's path. */
export function speakToWav(dir: string, name: string, text: string): string {
  const file = path.join(dir, `${name}.wav`);
  execFileSync('espeak-ng', ['-w', file, text], { stdio: 'ignore' });
  return file;
}

/** `seconds` of silence as a 16 kHz mono 16-bit WAV (`lengthHeader`: the length the header claims). */
export function silentWav(dir: string, name: string, seconds: number): string {
  const data = Buffer.alloc(Math.round(seconds * 16_000) * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(16_000, 24);
  header.writeUInt32LE(32_000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data.length, 40);
  const file = path.join(dir, `${name}.wav`);
  fs.writeFileSync(file, Buffer.concat([header, data]));
  return file;
}

/** The WAV encoded as MP3 with lame; null without lame. */
export function toMp3(wav: string): string | null {
  if (!hasTool('lame')) return null;
  const file = wav.replace(/\.wav$/, '.mp3');
  execFileSync('lame', ['--quiet', wav, file], { stdio: 'ignore' });
  return file;
}

/** The WAV encoded as Ogg/Opus with opusenc; null without opus-tools. */
export function toOgg(wav: string): string | null {
  if (!hasTool('opusenc')) return null;
  const file = wav.replace(/\.wav$/, '.ogg');
  execFileSync('opusenc', ['--quiet', wav, file], { stdio: 'ignore' });
  return file;
}

/** The WAV encoded as AAC in an M4A (MP4) container with ffmpeg; null without ffmpeg. */
export function toM4a(wav: string): string | null {
  if (!hasTool('ffmpeg')) return null;
  const file = wav.replace(/\.wav$/, '.m4a');
  execFileSync('ffmpeg', ['-loglevel', 'error', '-y', '-i', wav, '-c:a', 'aac', '-b:a', '64k', file], {
    stdio: 'ignore',
  });
  return file;
}
