// The part of the `x11` package (a pure-JavaScript X11 protocol client, no native code) that the selection
// owner uses. The package ships no types.
declare module 'x11' {
  import type { EventEmitter } from 'node:events';
  import type { Socket } from 'node:net';

  type Callback<T> = (error: Error | null | undefined, value: T) => void;

  export interface X11Event {
    name: string;
    type: number;
    seq: number;
    time?: number;
    wid?: number;
    atom?: number;
    state?: number;
    owner?: number;
    requestor?: number;
    selection?: number;
    target?: number;
    property?: number;
    /** XFixes SelectionNotify */
    subtype?: number;
    window?: number;
    timestamp?: number;
    selectionTimestamp?: number;
  }

  export interface XFixes {
    SelectionEventMask: {
      SetSelectionOwner: number;
      SelectionWindowDestroy: number;
      SelectionClientClose: number;
    };
    SelectSelectionInput(window: number, selection: number, eventMask: number): void;
    QueryVersion(major: number, minor: number, cb: Callback<unknown>): void;
  }

  export interface XClient extends EventEmitter {
    stream: Socket;
    AllocID(): number;
    CreateWindow(
      wid: number,
      parent: number,
      x: number,
      y: number,
      width: number,
      height: number,
      borderWidth: number,
      depth: number,
      windowClass: number,
      visual: number,
      values: { eventMask?: number; overrideRedirect?: number },
    ): void;
    ChangeWindowAttributes(wid: number, values: { eventMask?: number }): void;
    MapWindow(wid: number): void;
    DestroyWindow(wid: number): void;
    SetInputFocus(wid: number, revertTo: number, time?: number): void;
    InternAtom(onlyIfExists: boolean, name: string, cb: Callback<number>): void;
    GetAtomName(atom: number, cb: Callback<string>): void;
    ChangeProperty(
      mode: number,
      wid: number,
      name: number,
      type: number,
      format: 8 | 16 | 32,
      data: Buffer | number[],
    ): void;
    DeleteProperty(wid: number, name: number): void;
    SetSelectionOwner(owner: number, selection: number, time?: number): void;
    GetSelectionOwner(selection: number, cb: Callback<number>): void;
    SendEvent(
      destination: number,
      propagate: boolean | number,
      eventMask: number,
      event: Record<string, unknown>,
    ): void;
    GetInputFocus(cb: Callback<{ focus: number; revertTo: number }>): void;
    require(extension: 'fixes', cb: Callback<XFixes>): void;
    sync(): Promise<void>;
    terminate(): void;
  }

  export interface X11Display {
    client: XClient;
    screen: { root: number }[];
    resource_mask: number;
    max_request_length: number;
  }

  export function createClient(
    options: { display?: string; disableBigRequests?: boolean },
    cb: Callback<X11Display>,
  ): XClient;
  export const eventMask: Record<string, number>;
}
