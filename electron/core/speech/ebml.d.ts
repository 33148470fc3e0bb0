// The `ebml` package (node-ebml) ships no types: the part of its streaming decoder the WebM probe uses.
declare module 'ebml' {
  import { Transform } from 'node:stream';

  export interface EbmlTag {
    name: string;
    type: string;
    dataSize: number;
    data: Buffer;
    /** Unsigned / signed integers and floats, decoded. */
    value?: number;
  }

  export class Decoder extends Transform {
    constructor();
    on(event: 'data', listener: (chunk: ['start' | 'end' | 'tag', EbmlTag]) => void): this;
    on(event: 'error', listener: (error: Error) => void): this;
    on(event: 'finish' | 'end', listener: () => void): this;
  }
}
