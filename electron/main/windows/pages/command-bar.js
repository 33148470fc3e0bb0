// The command bar: one input. Enter submits, Esc dismisses (the main process also catches Esc).
'use strict';

const api = window.skilldeckCommandBar;
const input = document.getElementById('instruction');

api.onContext((context) => {
  if (!context || typeof context !== 'object') return;
  document.getElementById('title').textContent = String(context.title);
  input.placeholder = String(context.placeholder);
  // the words come from the main process, in the app's language
  const labels = context.labels ?? {};
  if (labels.lang) document.documentElement.lang = String(labels.lang);
  if (labels.instruction) input.setAttribute('aria-label', String(labels.instruction));
  document.getElementById('captured').textContent = String(labels.captured ?? '');
  input.focus();
});

input.addEventListener('keydown', (event) => {
  if (event.key === 'Enter' && !event.isComposing) {
    event.preventDefault();
    api.submit(input.value);
  } else if (event.key === 'Escape') {
    event.preventDefault();
    api.cancel();
  }
});
input.focus();
