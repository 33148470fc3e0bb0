import yazl from 'yazl';

/** A ZIP of `files` (path → bytes), in the order given, each deflated, dated `mtime`, mode 0644. */
export function writeZip(files: ReadonlyMap<string, Buffer>, mtime: Date): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [path, data] of files) zip.addBuffer(data, path, { mtime, mode: 0o100644, compress: true });
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}
