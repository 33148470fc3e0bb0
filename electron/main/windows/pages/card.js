// The floating card: renders what the main process sends, turns buttons and keys into the bridge's calls.
// Text only (textContent), never HTML: the result comes from a model.
// Keys: Enter inserts, Ctrl/⌘+C copies (when nothing is selected in the card), Ctrl/⌘+S saves as memo,
// Ctrl/⌘+R retries, Tab goes to the follow-up box (Enter there sends it); Esc closes (the main process).
'use strict';

const api = window.skilldeckCard;
const $ = (id) => document.getElementById(id);

/** What the card shows now (the keys need it). */
let current = null;
/** The providers and models Retry with… offers, once asked. */
let choices = null;

/** The buttons' words, in the app's language (sent with every update, so a language change relabels). */
function label(labels) {
  if (!labels || typeof labels !== 'object') return;
  document.documentElement.lang = String(labels.lang);
  for (const id of ['copy', 'insert', 'close', 'memo', 'retry', 'retryWith']) {
    $(id).textContent = String(labels[id]);
    $(id).title = String(labels[`${id}Hint`]);
  }
  $('pin').title = String(labels.pinHint);
  $('message').placeholder = String(labels.followUp);
  $('message').setAttribute('aria-label', String(labels.followUp));
  $('send').textContent = String(labels.send);
  // the follow-up's mic, where the app has a recording indicator
  $('dictate').hidden = !labels.dictate;
  if (labels.dictate) {
    $('dictate').setAttribute('aria-label', String(labels.dictate));
    $('dictate').title = String(labels.dictate);
  }
  $('provider').setAttribute('aria-label', String(labels.provider));
  $('modelName').setAttribute('aria-label', String(labels.model));
  $('modelName').placeholder = String(labels.model);
  $('runWith').textContent = String(labels.run);
  $('keys').textContent = String(labels.keys);
}

function renderThread(turns, you) {
  const thread = $('thread');
  thread.hidden = turns.length === 0;
  thread.replaceChildren(
    ...turns.map((turn) => {
      const item = document.createElement('li');
      const asked = document.createElement('p');
      asked.className = 'asked';
      const who = document.createElement('span');
      who.className = 'who';
      who.textContent = you; // with its colon, as the language writes it
      asked.append(who, document.createTextNode(String(turn.message)));
      const answer = document.createElement('pre');
      answer.className = `answer${turn.error ? ' error-text' : ''}`;
      answer.textContent = turn.error
        ? turn.text
          ? `${turn.text}\n\n${turn.error}`
          : String(turn.error)
        : turn.pending && !turn.text
          ? '…'
          : String(turn.text);
      item.append(asked, answer);
      return item;
    }),
  );
}

function render(card) {
  if (!card || typeof card !== 'object') return;
  current = card;
  const labels = card.labels && typeof card.labels === 'object' ? card.labels : {};
  label(labels);
  document.title = `Skilldeck: ${String(card.title)}`;
  $('title').textContent = String(card.title);
  for (const id of ['attempt', 'model']) {
    $(id).hidden = !card[id];
    $(id).textContent = card[id] ? String(card[id]) : '';
  }
  const body = $('body');
  const atBottom = body.scrollTop + body.clientHeight >= body.scrollHeight - 4;
  const text = $('text');
  if (card.error) {
    text.textContent = card.text ? `${card.text}\n\n${card.error}` : String(card.error);
    text.classList.add('error-text');
  } else {
    text.textContent = card.pending && !card.text ? '…' : String(card.text);
    text.classList.remove('error-text');
  }
  const turns = Array.isArray(card.turns) ? card.turns : [];
  renderThread(turns, String(labels.you ?? 'You:'));
  const streaming = card.pending || turns.some((t) => t.pending);
  if (streaming && atBottom) body.scrollTop = body.scrollHeight; // follow the stream unless scrolled up
  $('status').className = `status${card.error ? ' error' : streaming ? ' pending' : ''}`;
  const notice = $('notice');
  notice.hidden = !card.notice;
  notice.textContent = card.notice ? String(card.notice) : '';
  // a paste the app did not take: offer its next paste key
  $('pasteKeyOffer').hidden = !card.otherPasteKey;
  $('otherPasteKey').textContent = card.otherPasteKey ? String(card.otherPasteKey) : '';
  const can = card.can && typeof card.can === 'object' ? card.can : {};
  const empty = !card.text;
  $('copy').disabled = empty;
  $('insert').disabled = empty || Boolean(streaming) || can.insert === false;
  $('memo').hidden = !can.memo;
  $('retry').hidden = !can.retry;
  $('retryWith').hidden = !can.retry;
  if (!can.retry) closePicker();
  $('followup').hidden = !can.continue && !turns.some((t) => t.pending);
  $('message').disabled = !can.continue;
  $('send').disabled = !can.continue;
  $('pin').setAttribute('aria-pressed', String(Boolean(card.pinned)));
  $('pin').textContent = String(card.pinned ? (labels.pinned ?? 'Pinned') : (labels.pin ?? 'Pin'));
}

function renderChoices() {
  const select = $('provider');
  const chosen = select.value;
  select.replaceChildren(
    ...choices.providers.map((p) => {
      const option = document.createElement('option');
      option.value = option.textContent = String(p.name);
      return option;
    }),
  );
  if (choices.providers.some((p) => p.name === chosen)) select.value = chosen;
  fillModels();
}

function fillModels() {
  const provider = choices?.providers.find((p) => p.name === $('provider').value);
  const models = provider ? provider.models : [];
  $('models').replaceChildren(
    ...models.map((m) => {
      const option = document.createElement('option');
      option.value = String(m);
      return option;
    }),
  );
  $('modelName').value = models[0] ? String(models[0]) : '';
}

function openPicker() {
  $('picker').hidden = false;
  $('retryWith').setAttribute('aria-expanded', 'true');
  api.models();
  $('provider').focus();
}

function closePicker() {
  $('picker').hidden = true;
  $('retryWith').setAttribute('aria-expanded', 'false');
}

function sendFollowUp() {
  const message = $('message').value.trim();
  if (!message || $('message').disabled) return;
  api.continue(message);
  $('message').value = '';
}

$('dictate').addEventListener('click', () => {
  if ($('dictate').getAttribute('aria-pressed') !== 'true' && !$('message').disabled) api.dictate?.();
});
// what was said lands in the follow-up box, to send as it is or edited
api.onDictated?.((dictation) => {
  if (!dictation || typeof dictation !== 'object') return;
  $('dictate').setAttribute('aria-pressed', String(dictation.state === 'listening'));
  if (dictation.state === 'heard' && typeof dictation.text === 'string') {
    const before = $('message').value.trim();
    $('message').value = before ? `${before} ${dictation.text}` : dictation.text;
    $('message').focus();
  }
});

function retryWith() {
  const provider = $('provider').value;
  if (!provider) return;
  api.retryWith(provider, $('modelName').value.trim());
  closePicker();
}

$('copy').addEventListener('click', () => api.copy());
$('insert').addEventListener('click', () => api.insert());
$('memo').addEventListener('click', () => api.memo());
$('retry').addEventListener('click', () => api.retry());
$('otherPasteKey').addEventListener('click', () => api.otherPasteKey());
$('retryWith').addEventListener('click', () => ($('picker').hidden ? openPicker() : closePicker()));
$('pin').addEventListener('click', () => api.pin());
$('close').addEventListener('click', () => api.close());
$('send').addEventListener('click', sendFollowUp);
$('runWith').addEventListener('click', retryWith);
$('provider').addEventListener('change', fillModels);

document.addEventListener('keydown', (event) => {
  if (event.isComposing || !current) return;
  const target = event.target;
  const typing = target instanceof HTMLInputElement || target instanceof HTMLSelectElement;
  const mod = event.ctrlKey || event.metaKey;
  if (event.key === 'Enter' && target === $('message')) {
    event.preventDefault();
    sendFollowUp();
  } else if (event.key === 'Enter' && (target === $('modelName') || target === $('provider'))) {
    event.preventDefault();
    retryWith();
  } else if (typing) {
    return;
  } else if (event.key === 'Enter' && !mod && !(target instanceof HTMLButtonElement)) {
    event.preventDefault();
    if (!$('insert').disabled) api.insert();
  } else if (mod && event.key.toLowerCase() === 'c' && String(window.getSelection() ?? '') === '') {
    event.preventDefault();
    if (!$('copy').disabled) api.copy();
  } else if (mod && event.key.toLowerCase() === 's') {
    event.preventDefault();
    if (!$('memo').hidden) api.memo();
  } else if (mod && event.key.toLowerCase() === 'r') {
    event.preventDefault();
    if (!$('retry').hidden) api.retry();
  } else if (event.key === 'Tab' && !event.shiftKey && !$('followup').hidden && !$('message').disabled) {
    event.preventDefault();
    $('message').focus();
  }
});

api.onCard(render);
api.onModels?.((models) => {
  if (!models || !Array.isArray(models.providers)) return;
  choices = models;
  renderChoices();
});
