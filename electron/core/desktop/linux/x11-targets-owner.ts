// Owning a selection with several targets at once, on our own X connection (x11-connection.ts): the paste
// text as UTF8_STRING, text/plain… beside the `x-kde-passwordManagerHint` = `secret` target that tells
// clipboard managers (Klipper, and those that follow it) to skip it; or a snapshot's every format put back
// (images, HTML, file lists). Answers TARGETS and TIMESTAMP, sends data larger than one request in INCR
// chunks (ICCCM §2.7.2), counts the reads of the content so the paste knows when the window has read it, and
// says when another client took the selection over.

import x11, { type X11Event } from 'x11';
import type { X11Connection } from './x11-connection';
import { waitForReads, type WatchedOwner } from './x11-owner';

/** One target offered and its bytes (format 8, the property's type named like the target). */
export interface SelectionOffer {
  target: string;
  data: Buffer;
}

/** What clipboard managers read to skip an entry (KDE's convention, also honoured by others). */
export const PASSWORD_MANAGER_HINT: SelectionOffer = {
  target: 'x-kde-passwordManagerHint',
  data: Buffer.from('secret', 'utf8'),
};

/** The bytes sent per property write; more goes INCR (a plain request is at most 256 KiB). */
const CHUNK = 128 * 1024;

/** Per connection, the owner answering each selection now (a new one on the same window gets no SelectionClear). */
const current = new WeakMap<X11Connection, Map<number, { replaced(): void }>>();

interface Served {
  type: number;
  data: Buffer;
}

/** Owns `selection` with `offers`; resolves once the server made us its owner. */
export async function ownTargets(
  conn: X11Connection,
  selection: 'clipboard' | 'primary',
  offers: readonly SelectionOffer[],
): Promise<WatchedOwner> {
  const { client, window } = conn;
  const [selectionAtom, targetsAtom, timestampAtom, incrAtom, atomAtom, integerAtom, utf8Atom] =
    await Promise.all(
      [selection.toUpperCase(), 'TARGETS', 'TIMESTAMP', 'INCR', 'ATOM', 'INTEGER', 'UTF8_STRING'].map(
        (name) => conn.atom(name),
      ),
    );
  const served = new Map<number, Served>();
  for (const offer of offers) {
    const target = await conn.atom(offer.target);
    // TEXT is answered in UTF-8 (ICCCM lets the owner choose the encoding); any other type is the target
    served.set(target, { type: offer.target === 'TEXT' ? utf8Atom! : target, data: offer.data });
  }
  const time = await conn.serverTime();
  let reads = 0;
  let lost = false;
  let lastRequest = Date.now();
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());
  const transfers = new Map<string, { data: Buffer; type: number; sent: number }>();

  const answer = (event: X11Event) => {
    const requestor = event.requestor!;
    const target = event.target!;
    const property = event.property || target; // obsolete clients name no property
    let ok = true;
    if (target === targetsAtom) {
      client.ChangeProperty(0, requestor, property, atomAtom!, 32, [
        targetsAtom!,
        timestampAtom!,
        ...served.keys(),
      ]);
    } else if (target === timestampAtom) {
      client.ChangeProperty(0, requestor, property, integerAtom!, 32, [time]);
    } else {
      const offer = served.get(target);
      if (!offer) ok = false;
      else if (offer.data.length <= CHUNK) {
        client.ChangeProperty(0, requestor, property, offer.type, 8, offer.data);
      } else {
        // INCR: the requestor deletes the property for each next chunk; a zero-length write ends it
        transfers.set(`${requestor}:${property}`, { data: offer.data, type: offer.type, sent: 0 });
        client.ChangeWindowAttributes(requestor, { eventMask: x11.eventMask.PropertyChange! });
        client.ChangeProperty(0, requestor, property, incrAtom!, 32, [offer.data.length]);
      }
    }
    client.SendEvent(requestor, false, 0, {
      name: 'SelectionNotify',
      type: 31,
      seq: 0,
      time: event.time ?? 0,
      requestor,
      selection: selectionAtom!,
      target,
      property: ok ? property : 0,
    });
  };

  const nextChunk = (event: X11Event) => {
    const key = `${event.wid!}:${event.atom!}`;
    const transfer = transfers.get(key);
    if (!transfer) return;
    const chunk = transfer.data.subarray(transfer.sent, transfer.sent + CHUNK);
    transfer.sent += chunk.length;
    client.ChangeProperty(0, event.wid!, event.atom!, transfer.type, 8, chunk);
    if (chunk.length === 0) {
      transfers.delete(key);
      client.ChangeWindowAttributes(event.wid!, { eventMask: 0 });
    }
  };

  const active = current.get(conn) ?? new Map<number, { replaced(): void }>();
  current.set(conn, active);
  const me = {
    replaced() {
      lost = true;
      off();
      notify();
    },
  };
  const off = conn.onEvent((event) => {
    if (event.name === 'SelectionRequest' && event.owner === window && event.selection === selectionAtom) {
      if (lost || active.get(selectionAtom!) !== me) return;
      lastRequest = Date.now();
      answer(event);
      // only a read of the content counts: apps that follow the clipboard (Chromium) ask for TARGETS on
      // every change of owner, which says nothing about the paste
      if (event.target !== targetsAtom && event.target !== timestampAtom) {
        reads++;
        notify();
      }
    } else if (
      event.name === 'SelectionClear' &&
      event.selection === selectionAtom &&
      event.owner === window
    ) {
      if (active.get(selectionAtom!) === me) active.delete(selectionAtom!);
      me.replaced();
    } else if (event.name === 'PropertyNotify' && event.state === 1) {
      nextChunk(event);
    }
  });

  active.get(selectionAtom!)?.replaced();
  active.set(selectionAtom!, me);
  lastRequest = Date.now();
  client.SetSelectionOwner(window, selectionAtom!, time);
  const owner = await new Promise<number>((done, fail) =>
    client.GetSelectionOwner(selectionAtom!, (err, id) => (err ? fail(err) : done(id))),
  );
  if (owner !== window) {
    if (active.get(selectionAtom!) === me) active.delete(selectionAtom!);
    off();
    throw new Error(`could not own the X ${selection} selection`);
  }

  return {
    get reads() {
      return reads;
    },
    get lost() {
      return lost;
    },
    async quiet(quietMs, limitMs) {
      const end = Date.now() + limitMs;
      for (;;) {
        const wait = lastRequest + quietMs - Date.now();
        if (wait <= 0 || lost || Date.now() >= end) return;
        await new Promise((resolve) => setTimeout(resolve, Math.min(wait, end - Date.now())));
      }
    },
    waitForReads: (since, timeoutMs, settleMs) =>
      waitForReads({ reads: () => reads, lost: () => lost, listeners }, since, timeoutMs, settleMs),
    // Stop answering. Still the owner (nobody restored or took the selection since): give it up, so no
    // window waits for an answer that never comes.
    stop() {
      off();
      if (active.get(selectionAtom!) === me) {
        active.delete(selectionAtom!);
        client.SetSelectionOwner(0, selectionAtom!, time);
      }
    },
  };
}
