import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLlmServer, type LlmServer } from '../../core/testing/llm-server';
import { main } from '../cli';
import type { Io } from '../io';
import { captureStdout } from '../test-support';

let server: LlmServer;
let dataDir: string;
beforeAll(async () => {
  server = await startLlmServer();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-run-'));
});
afterAll(async () => {
  await server.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function run(args: string[]) {
  const err: string[] = [];
  const io: Io = { out: () => undefined, err: (l) => err.push(l) };
  const { code, stdout } = await captureStdout(() =>
    main(
      [
        'run',
        ...args,
        '--data-dir',
        dataDir,
        '--provider',
        'openai-compatible',
        '--base-url',
        `${server.url}/v1`,
        '--model',
        'm1',
      ],
      io,
    ),
  );
  return { code, stdout, err: err.join('\n') };
}

const systemOf = (i: number) =>
  (server.requests[i]!.body as { messages: { role: string; content: string }[] }).messages[0]!.content;

describe('skilldeck run against the local LLM server', () => {
  it('translate: templated system prompt, config override, output printed', async () => {
    const before = server.requests.length;
    server.script({ text: 'Bonjour' });
    let r = await run(['translate', '--selection', 'Hello']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Bonjour');
    expect(systemOf(before)).toContain('Target language: English.');
    server.script({ text: 'Salut' });
    r = await run(['translate', '--selection', 'Hello', '--config', 'target_language=French']);
    expect(systemOf(before + 1)).toContain('Translate the text you are given into French.');
    expect(r.code).toBe(0);
  });

  it('runs every built-in skill', async () => {
    for (const skill of ['translate', 'polish', 'explain', 'summarize', 'reply-email', 'code-review']) {
      server.script({ text: `answer of ${skill}` });
      const r = await run([skill, '--selection', 'Some text']);
      expect(r.code, `${skill}: ${r.err}`).toBe(0);
      expect(r.stdout).toContain(`answer of ${skill}`);
    }
    const before = server.requests.length;
    const memo = await run(['memo', '--selection', 'remember me']);
    expect(memo.code, memo.err).toBe(0);
    expect(server.requests.length).toBe(before);
  });

  it('video-script streams its 4 steps in dependency order as ndjson', async () => {
    server.script(
      { text: '{"type":"explainer","core_message":"x"}' },
      { text: 'OUTLINE' },
      { text: 'SCRIPT' },
      { text: 'SHOTS' },
    );
    const r = await run(['video-script', '--input', 'Why the sky is blue', '--events', 'ndjson']);
    expect(r.code, r.err).toBe(0);
    const events = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string; stepId?: string; output?: string; t: number });
    expect(events.every((e) => typeof e.t === 'number')).toBe(true);
    expect(events.filter((e) => e.type === 'step_complete').map((e) => [e.stepId, e.output])).toEqual([
      ['analysis', '{"type":"explainer","core_message":"x"}'],
      ['outline', 'OUTLINE'],
      ['script', 'SCRIPT'],
      ['shots', 'SHOTS'],
    ]);
    expect(events.at(-1)).toMatchObject({ type: 'complete', status: 'succeeded', output: 'SHOTS' });
  });

  it('--arguments fills $ARGUMENTS, $0…$N split like a shell, and the named arguments', async () => {
    const skills = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-args-'));
    fs.mkdirSync(path.join(skills, 'quote'));
    fs.writeFileSync(
      path.join(skills, 'quote', 'SKILL.md'),
      '---\nname: quote\ndescription: Quotes.\narguments: [language, tone]\n---\n' +
        'All: $ARGUMENTS. First: $0. Tone: $tone. Price: $5.00.\n',
    );
    try {
      const before = server.requests.length;
      server.script({ text: 'ok' });
      const r = await run(['quote', '--skills-dir', skills, '--arguments', `fr "very formal"`]);
      expect(r.code, r.err).toBe(0);
      expect(systemOf(before)).toContain(
        'All: fr "very formal". First: fr. Tone: very formal. Price: $5.00.',
      );
    } finally {
      fs.rmSync(skills, { recursive: true, force: true });
    }
  });

  it('exits 2 on usage errors', async () => {
    expect(await main(['run'], { out: () => undefined, err: () => undefined })).toBe(2);
    expect(
      await main(['run', 'x', '--config', 'novalue'], { out: () => undefined, err: () => undefined }),
    ).toBe(2);
  });
});

describe('skilldeck run --context', () => {
  let skillsDir: string;
  beforeAll(() => {
    skillsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-context-'));
    fs.mkdirSync(path.join(skillsDir, 'where'));
    fs.writeFileSync(
      path.join(skillsDir, 'where', 'SKILL.md'),
      '---\nname: where\ndescription: Says where the text came from.\n---\n' +
        'app={{app}}\ntitle={{window_title}}\nurl={{url}}\nwhen={{date}} {{time}}\nlanguage={{language}}\n',
    );
  });
  afterAll(() => fs.rmSync(skillsDir, { recursive: true, force: true }));

  it('fills the context placeholders from the flags; the others as a run without a window', async () => {
    const before = server.requests.length;
    server.script({ text: 'from a browser' });
    const r = await run([
      'where',
      '--skills-dir',
      skillsDir,
      '--selection',
      'a quote',
      '--context',
      'app=firefox',
      '--context',
      'window_title=Inbox — Mozilla Firefox = mail',
      '--context',
      'date=2026-11-24',
      '--context',
      'time=09:30',
      '--context',
      'language=French',
    ]);
    expect(r.code, r.err).toBe(0);
    expect(r.stdout).toContain('from a browser');
    expect(systemOf(before)).toBe(
      'app=firefox\ntitle=Inbox — Mozilla Firefox = mail\nurl=\nwhen=2026-11-24 09:30\nlanguage=French\n',
    );
    // without flags: no window, today's date, the dashboard language
    server.script({ text: 'ok' });
    const plain = await run(['where', '--skills-dir', skillsDir, '--selection', 'x']);
    expect(plain.code, plain.err).toBe(0);
    expect(systemOf(before + 1)).toMatch(
      /^app=\ntitle=\nurl=\nwhen=\S.*\d{4}.* \d{1,2}:\d{2}.*\nlanguage=(English|Simplified Chinese)\n$/,
    );
  });

  it('says how to write a bad --context, and sends nothing', async () => {
    const before = server.requests.length;
    for (const [flag, said] of [
      ['app', '--context takes NAME=VALUE, e.g. --context app=firefox'],
      ['=firefox', '--context takes NAME=VALUE'],
      [
        'title=Inbox',
        '--context title: unknown name; it is one of app, window_title, url, date, time, language',
      ],
    ] as const) {
      const r = await run(['where', '--skills-dir', skillsDir, '--context', flag]);
      expect(r.code, flag).toBe(2);
      expect(r.err).toContain(said);
    }
    const twice = await run(['where', '--skills-dir', skillsDir, '--context', 'app=a', '--context', 'app=b']);
    expect(twice).toMatchObject({ code: 2 });
    expect(twice.err).toContain('--context app is given twice');
    const follow = await run(['--continue', 'run_x', '--input', 'more', '--context', 'app=a']);
    expect(follow.code).toBe(2);
    expect(follow.err).toContain('does not take --context');
    expect(server.requests.length).toBe(before);
  });
});
