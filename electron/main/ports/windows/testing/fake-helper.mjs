// Stands in for the PowerShell helper (helper-script.ts) in tests: speaks the same line protocol over
// real pipes. Behaviour from the environment: FAKE_HELPER_LOG (a file that gets one line per start),
// FAKE_HELPER_START_DELAY (ms before ready), FAKE_HELPER_ELEVATED=1 (the window in front is an
// administrator's), FAKE_HELPER_NOISE=1 (PowerShell-like lines that are not answers).
import fs from 'node:fs';
import readline from 'node:readline';

const env = process.env;
if (env.FAKE_HELPER_LOG) fs.appendFileSync(env.FAKE_HELPER_LOG, `start ${process.pid}\n`);
const say = (value) => process.stdout.write(`${JSON.stringify(value)}\n`);

setTimeout(
  () => {
    if (env.FAKE_HELPER_NOISE === '1') process.stdout.write('WARNING: something PowerShell says\n\n');
    say({ ready: true });
    readline.createInterface({ input: process.stdin }).on('line', (line) => {
      const [id, command, argument] = line.trim().split(' ');
      const n = Number(id);
      if (command === 'focus')
        say({
          id: n,
          ok: true,
          hwnd: '4242',
          pid: 7,
          app: 'notepad',
          title: 'a\ttab "quoted" ünï',
          elevated: env.FAKE_HELPER_ELEVATED === '1',
        });
      else if (command === 'keys' && env.FAKE_HELPER_ELEVATED === '1')
        say({ id: n, ok: false, code: 'elevated', error: 'the window in front runs as administrator' });
      else if (command === 'keys') say({ id: n, ok: true, sent: argument });
      else if (command === 'ping') say({ id: n, ok: true });
      else if (command === 'slow') setTimeout(() => say({ id: n, ok: true, slow: true }), 80);
      else if (command === 'crash') {
        process.stderr.write('Add-Type : the helper fell over\n');
        process.exit(3);
      } else if (command === 'hang') {
        // never answers
      } else say({ id: n, ok: false, code: 'bad-request', error: `unknown command ${command}` });
    });
  },
  Number(env.FAKE_HELPER_START_DELAY ?? 0),
);
