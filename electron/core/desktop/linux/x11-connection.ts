// One connection to the X server per display, kept for the life of the process, through the `x11` package
// (pure JavaScript: nothing to compile, the same in Node and in Electron's main process). It serves the
// selections Skilldeck owns with several targets (x11-targets-owner.ts) — which xclip cannot — and follows
// who owns PRIMARY (x11-primary.ts). Reads of other clients' selections still go through xclip.

import x11, { type X11Event, type XClient } from 'x11';

export interface X11Connection {
  client: XClient;
  /** The unmapped window that owns our selections and receives their requests. */
  window: number;
  /** X ids of one client share the bits outside this mask (the connection's resource-id base). */
  resourceMask: number;
  atom(name: string): Promise<number>;
  atomName(atom: number): Promise<string>;
  /** The server's time now (a zero-length property append on our window: its PropertyNotify carries it). */
  serverTime(): Promise<number>;
  /** Every event of the connection; returns an unsubscribe. */
  onEvent(listener: (event: X11Event) => void): () => void;
  /** The connection broke (the X server went away): forget it, the next call connects again. */
  readonly closed: boolean;
}

const connections = new Map<string, Promise<X11Connection>>();

/** The connection to `display` (default $DISPLAY), opened on first use. */
export function x11Connection(display = process.env.DISPLAY ?? ''): Promise<X11Connection> {
  let open = connections.get(display);
  if (!open) {
    open = connect(display);
    connections.set(display, open);
    open.catch(() => connections.delete(display));
  }
  return open;
}

function connect(display: string): Promise<X11Connection> {
  return new Promise((resolve, reject) => {
    if (!display) {
      reject(new Error('no X display (DISPLAY is not set)'));
      return;
    }
    const timer = setTimeout(() => reject(new Error(`the X display ${display} did not answer`)), 3000);
    const client = x11.createClient({ display }, (error, info) => {
      clearTimeout(timer);
      if (error || !info) {
        reject(error ?? new Error(`cannot open the X display ${display}`));
        return;
      }
      // never keep a process alive for the connection alone
      client.stream.unref();
      const window = client.AllocID();
      client.CreateWindow(window, info.screen[0]!.root, 0, 0, 1, 1, 0, 0, 1, 0, {
        eventMask: x11.eventMask.PropertyChange!,
      });
      const atoms = new Map<string, Promise<number>>();
      const names = new Map<number, Promise<string>>();
      const listeners = new Set<(event: X11Event) => void>();
      let closed = false;
      client.on('event', (event: X11Event) => listeners.forEach((listener) => listener(event)));
      client.on('error', (failure: unknown) => {
        // an X error on one request (a requestor window gone) is no reason to drop the connection
        if (failure instanceof Error && /ECONNRESET|EPIPE|closed/i.test(failure.message)) closed = true;
      });
      client.on('end', () => {
        closed = true;
        connections.delete(display);
      });
      const atom = (name: string) => {
        let found = atoms.get(name);
        if (!found) {
          found = new Promise<number>((done, fail) =>
            client.InternAtom(false, name, (err, id) => (err ? fail(err) : done(id))),
          );
          atoms.set(name, found);
        }
        return found;
      };
      const connection: X11Connection = {
        client,
        window,
        resourceMask: info.resource_mask,
        atom,
        atomName(id) {
          let found = names.get(id);
          if (!found) {
            found = new Promise<string>((done, fail) =>
              client.GetAtomName(id, (err, name) => (err ? fail(err) : done(name))),
            );
            names.set(id, found);
          }
          return found;
        },
        async serverTime() {
          const property = await atom('SKILLDECK_TIMESTAMP');
          return new Promise<number>((done) => {
            const off = connection.onEvent((event) => {
              if (event.name === 'PropertyNotify' && event.wid === window && event.atom === property) {
                off();
                done(event.time ?? 0);
              }
            });
            client.ChangeProperty(2, window, property, property, 8, Buffer.alloc(0));
          });
        },
        onEvent(listener) {
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
        get closed() {
          return closed;
        },
      };
      resolve(connection);
    });
    client.on('error', (error: Error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}
