// The command bar: one input. Enter submits, Esc dismisses (the main process also catches Esc).
// As the launcher (the context has `launcher`): the input filters the skills (the main process ranks
// them), ↑↓ move, Enter runs the highlighted one, 1–9 pick the first nine (Alt+1–9 while typing); a skill
// that asks for an instruction turns the input into its instruction box, and Enter then runs it.
'use strict';

const api = window.skilldeckCommandBar;
const $ = (id) => document.getElementById(id);
const input = $('instruction');

/** The launcher's state: null when the bar asks for an instruction only. */
let launcher = null;

function renderSkills() {
  const list = $('skills');
  list.replaceChildren();
  launcher.skills.forEach((skill, index) => {
    const item = document.createElement('li');
    item.setAttribute('role', 'option');
    item.id = `skill-${index}`;
    item.className = 'skill';
    item.setAttribute('aria-selected', String(index === launcher.active));
    const badge = document.createElement('span');
    badge.className = 'pick';
    badge.textContent = index < 9 ? String(index + 1) : '';
    const emoji = document.createElement('span');
    emoji.className = 'emoji';
    emoji.textContent = String(skill.emoji || '•');
    const words = document.createElement('span');
    words.className = 'words';
    const name = document.createElement('span');
    name.className = 'name';
    name.textContent = String(skill.name);
    const description = document.createElement('span');
    description.className = 'description';
    description.textContent = String(skill.description);
    words.append(name, description);
    item.append(badge, emoji, words);
    if (skill.hotkey) {
      const key = document.createElement('kbd');
      key.textContent = String(skill.hotkey);
      item.append(key);
    }
    item.addEventListener('mousedown', (event) => {
      event.preventDefault(); // keep the focus in the input
      pick(index);
    });
    list.append(item);
  });
  $('none').hidden = launcher.skills.length > 0;
  if (launcher.skills.length > 0) input.setAttribute('aria-activedescendant', `skill-${launcher.active}`);
  else input.removeAttribute('aria-activedescendant');
  list.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
}

/** Chooses the skill at `index`: runs it, or first asks for its instruction. */
function pick(index) {
  if (!launcher || launcher.chosen) return;
  const skill = launcher.skills[index];
  if (!skill) return;
  if (!skill.asks) {
    api.choose(String(skill.id));
    return;
  }
  launcher.chosen = skill;
  $('skills').hidden = true;
  $('none').hidden = true;
  $('hints').hidden = true;
  $('title').textContent = `${skill.emoji ? `${skill.emoji} ` : ''}${skill.name}`;
  input.value = '';
  input.placeholder = launcher.labels.instructionFor.replace('{{name}}', String(skill.name));
  input.setAttribute('aria-label', input.placeholder);
  input.removeAttribute('aria-activedescendant');
  input.focus();
  api.compact?.();
}

// The mic button: the instruction said instead of typed (the recording indicator records it; what was
// heard lands in the box, after what is already there). Shown only when the app has the indicator.
const mic = $('mic');
mic.addEventListener('mousedown', (event) => event.preventDefault()); // keep the focus in the input
mic.addEventListener('click', () => {
  if (mic.getAttribute('aria-pressed') !== 'true') api.dictate?.();
});
api.onDictated?.((dictation) => {
  if (!dictation || typeof dictation !== 'object') return;
  mic.setAttribute('aria-pressed', String(dictation.state === 'listening'));
  if (dictation.state === 'heard' && typeof dictation.text === 'string') {
    const before = input.value.trim();
    input.value = before ? `${before} ${dictation.text}` : dictation.text;
    input.dispatchEvent(new Event('input'));
  }
  input.focus();
});

api.onContext((context) => {
  if (!context || typeof context !== 'object') return;
  $('title').textContent = String(context.title);
  input.placeholder = String(context.placeholder);
  // the words come from the main process, in the app's language
  const labels = context.labels ?? {};
  mic.hidden = !labels.dictate || Boolean(context.launcher);
  if (labels.dictate) {
    mic.setAttribute('aria-label', String(labels.dictate));
    mic.title = String(labels.dictate);
  }
  if (labels.lang) document.documentElement.lang = String(labels.lang);
  if (labels.instruction) input.setAttribute('aria-label', String(labels.instruction));
  $('captured').textContent = String(labels.captured ?? '');
  if (typeof context.initial === 'string' && !context.launcher) {
    // a link's instruction: in the field to confirm or edit, its start in view; the placeholder (what
    // Enter and Esc do) goes under it, since the text hides it
    input.value = context.initial;
    input.setSelectionRange(0, 0);
    $('hints').textContent = String(context.placeholder);
    $('hints').hidden = false;
  }
  if (context.launcher && typeof context.launcher === 'object') {
    const words = context.launcher.labels ?? {};
    launcher = {
      skills: Array.isArray(context.launcher.skills) ? context.launcher.skills : [],
      active: 0,
      chosen: null,
      labels: { instructionFor: String(words.instructionFor ?? '{{name}}') },
    };
    document.body.classList.add('launcher');
    input.value = '';
    input.setAttribute('role', 'combobox');
    input.setAttribute('aria-controls', 'skills');
    input.setAttribute('aria-label', String(words.search ?? ''));
    $('skills').hidden = false;
    $('none').textContent = String(words.none ?? '');
    $('hints').textContent = String(words.hints ?? '');
    $('hints').hidden = false;
    renderSkills();
  }
  input.focus();
});

api.onSkills?.((list) => {
  // only the answer for what is typed now (an older one may arrive late)
  if (!launcher || launcher.chosen || !list || list.query !== input.value) return;
  launcher.skills = Array.isArray(list.skills) ? list.skills : [];
  launcher.active = 0;
  renderSkills();
});

input.addEventListener('input', () => {
  if (launcher && !launcher.chosen) api.query(input.value);
});

input.addEventListener('keydown', (event) => {
  if (event.isComposing) return;
  if (event.key === 'Escape') {
    event.preventDefault();
    api.cancel();
    return;
  }
  if (!launcher) {
    if (event.key === 'Enter') {
      event.preventDefault();
      api.submit(input.value);
    }
    return;
  }
  if (launcher.chosen) {
    if (event.key === 'Enter') {
      event.preventDefault();
      api.choose(String(launcher.chosen.id), input.value);
    }
    return;
  }
  // by the key's place (Digit1…), so Alt+1 works where Alt changes the character typed (macOS)
  const place = /^(?:Digit|Numpad)([1-9])$/.exec(event.code);
  const digit = place ? Number(place[1]) : /^[1-9]$/.test(event.key) ? Number(event.key) : 0;
  if (digit && (event.altKey || event.ctrlKey || input.value === '')) {
    event.preventDefault();
    pick(digit - 1);
  } else if (event.key === 'Enter') {
    event.preventDefault();
    pick(launcher.active);
  } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
    event.preventDefault();
    const count = launcher.skills.length;
    if (count === 0) return;
    launcher.active = (launcher.active + (event.key === 'ArrowDown' ? 1 : count - 1)) % count;
    renderSkills();
  }
});
input.focus();
