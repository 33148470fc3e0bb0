// The command bar: one input. Enter submits, Esc dismisses (the main process also catches Esc).
'use strict';

const api = window.skilldeckCommandBar;
const input = document.getElementById('instruction');

const METHODS = {
  accessibility: 'from the selection (accessibility)',
  primary: 'from the selection (PRIMARY)',
  copy: 'copied from the selection',
  none: 'nothing selected',
};

api.onContext((context) => {
  if (!context || typeof context !== 'object') return;
  document.getElementById('title').textContent = String(context.title);
  input.placeholder = String(context.placeholder);
  const captured = context.captured ?? { method: 'none', preview: '', chars: 0 };
  const how = METHODS[captured.method] ?? String(captured.method);
  const more = captured.chars > captured.preview.length ? '…' : '';
  document.getElementById('captured').textContent =
    captured.chars > 0 ? `${how}, ${captured.chars} chars: “${captured.preview}${more}”` : how;
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
