// A sealed pack: the whole ZIP encrypted with AES-256-GCM under a key from scrypt(passphrase, salt).
// The header (docs/SKILLPACK.md) is authenticated with the ciphertext, so no byte of it can change either.
//
//   0  8  magic "SKPKSEAL"          14 16  salt
//   8  1  format version (1)        30  1  nonce length (12)
//   9  1  key derivation (1 scrypt) 31 12  nonce
//  10  1  log2(N)                   43  …  ciphertext
//  11  1  r                         end-16 16  GCM tag
//  12  1  p
//  13  1  salt length (16)
import crypto from 'node:crypto';
import { refusal } from './pack-refusal';

export const SEAL_MAGIC = Buffer.from('SKPKSEAL', 'ascii');
const SEAL_VERSION = 1;
const KDF_SCRYPT = 1;
const TAG_BYTES = 16;
const NONCE_BYTES = 12;
const SALT_BYTES = 16;

export interface ScryptParams {
  log2N: number;
  r: number;
  p: number;
}

/** ~100 ms and 32 MiB here: slow enough to make guessing costly, quick enough for a dialog. */
export const DEFAULT_SCRYPT: ScryptParams = { log2N: 15, r: 8, p: 1 };

/** Work a pack may ask of us: a header is not trusted to demand gigabytes or minutes. */
const MAX_SCRYPT_MEMORY = 256 * 1024 * 1024;

const scryptMemory = ({ log2N, r }: ScryptParams) => 128 * 2 ** log2N * r;

function deriveKey(passphrase: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    crypto.scrypt(
      Buffer.from(passphrase.normalize('NFC'), 'utf8'),
      salt,
      32,
      { N: 2 ** params.log2N, r: params.r, p: params.p, maxmem: scryptMemory(params) + 16 * 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  );
}

export const isSealed = (bytes: Uint8Array) =>
  bytes.length >= SEAL_MAGIC.length && Buffer.from(bytes.subarray(0, SEAL_MAGIC.length)).equals(SEAL_MAGIC);

/** The ZIP sealed under `passphrase`. */
export async function seal(zip: Uint8Array, passphrase: string, params = DEFAULT_SCRYPT): Promise<Buffer> {
  const salt = crypto.randomBytes(SALT_BYTES);
  const nonce = crypto.randomBytes(NONCE_BYTES);
  const header = Buffer.concat([
    SEAL_MAGIC,
    Buffer.from([SEAL_VERSION, KDF_SCRYPT, params.log2N, params.r, params.p, salt.length]),
    salt,
    Buffer.from([nonce.length]),
    nonce,
  ]);
  const key = await deriveKey(passphrase, salt, params);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG_BYTES });
  cipher.setAAD(header);
  const body = Buffer.concat([cipher.update(zip), cipher.final()]);
  return Buffer.concat([header, body, cipher.getAuthTag()]);
}

interface SealHeader {
  params: ScryptParams;
  salt: Buffer;
  nonce: Buffer;
  /** The header's bytes (the GCM additional data). */
  raw: Buffer;
}

function readHeader(bytes: Buffer): SealHeader {
  const bad = (detail: string) => refusal('badSeal', { detail });
  if (bytes.length < 14) throw bad('the header is cut short');
  const [version, kdf, log2N, r, p, saltLength] = bytes.subarray(8, 14);
  if (version !== SEAL_VERSION)
    throw bad(`seal format ${version} is not one this Skilldeck reads (it reads ${SEAL_VERSION})`);
  if (kdf !== KDF_SCRYPT) throw bad(`key derivation ${kdf} is unknown`);
  const params = { log2N: log2N!, r: r!, p: p! };
  if (params.log2N < 10 || params.log2N > 22 || params.r < 1 || params.p < 1 || params.p > 16)
    throw bad('its scrypt parameters are out of range');
  if (scryptMemory(params) > MAX_SCRYPT_MEMORY) throw bad('its scrypt parameters ask for too much memory');
  if (saltLength! < 16 || saltLength! > 64) throw bad('its salt length is out of range');
  const nonceAt = 14 + saltLength!;
  if (bytes.length < nonceAt + 1 + NONCE_BYTES + TAG_BYTES) throw bad('the file is cut short');
  if (bytes[nonceAt] !== NONCE_BYTES) throw bad('its nonce length is not 12');
  const end = nonceAt + 1 + NONCE_BYTES;
  return {
    params,
    salt: bytes.subarray(14, nonceAt),
    nonce: bytes.subarray(nonceAt + 1, end),
    raw: bytes.subarray(0, end),
  };
}

/** The ZIP inside a sealed pack; a wrong passphrase and a changed byte both fail the GCM tag. */
export async function unseal(sealed: Uint8Array, passphrase: string): Promise<Buffer> {
  const bytes = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
  const header = readHeader(bytes);
  const key = await deriveKey(passphrase, header.salt, header.params);
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, header.nonce, { authTagLength: TAG_BYTES });
  decipher.setAAD(header.raw);
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
  try {
    return Buffer.concat([
      decipher.update(bytes.subarray(header.raw.length, bytes.length - TAG_BYTES)),
      decipher.final(),
    ]);
  } catch {
    throw refusal('wrongPassphrase');
  }
}
