// The floating card: renders what the main process sends, turns buttons into the bridge's calls.
// Text only (textContent), never HTML: the result comes from a model.
'use strict';

const api = window.skilldeckCard;
const $ = (id) => document.getElementById(id);

/** The buttons' words, in the app's language (sent with every update, so a language change relabels). */
function label(labels) {
  if (!labels || typeof labels !== 'object') return;
  document.documentElement.lang = String(labels.lang);
  for (const id of ['copy', 'insert', 'close']) {
    $(id).textContent = String(labels[id]);
    $(id).title = String(labels[`${id}Hint`]);
  }
  $('pin').title = String(labels.pinHint);
}

function render(card) {
  if (!card || typeof card !== 'object') return;
  label(card.labels);
  document.title = `Skilldeck: ${String(card.title)}`;
  $('title').textContent = String(card.title);
  const text = $('text');
  const atBottom = text.scrollTop + text.clientHeight >= text.scrollHeight - 4;
  if (card.error) {
    text.textContent = card.text ? `${card.text}\n\n${card.error}` : String(card.error);
    text.classList.add('error-text');
  } else {
    text.textContent = card.pending && !card.text ? '…' : String(card.text);
    text.classList.remove('error-text');
  }
  if (card.pending && atBottom) text.scrollTop = text.scrollHeight; // follow the stream unless scrolled up
  $('status').className = `status${card.error ? ' error' : card.pending ? ' pending' : ''}`;
  const notice = $('notice');
  notice.hidden = !card.notice;
  notice.textContent = card.notice ? String(card.notice) : '';
  const empty = !card.text;
  $('copy').disabled = empty;
  $('insert').disabled = empty || Boolean(card.pending);
  $('pin').setAttribute('aria-pressed', String(Boolean(card.pinned)));
  const labels =
    card.labels && typeof card.labels === 'object' ? card.labels : { pin: 'Pin', pinned: 'Pinned' };
  $('pin').textContent = String(card.pinned ? labels.pinned : labels.pin);
}

$('copy').addEventListener('click', () => api.copy());
$('insert').addEventListener('click', () => api.insert());
$('pin').addEventListener('click', () => api.pin());
$('close').addEventListener('click', () => api.close());
api.onCard(render);
