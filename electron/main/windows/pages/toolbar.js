// The selection toolbar: the pinned skills (emoji + name), Copy and "…" (the launcher). The window never
// takes the keyboard, so everything here is a click; the main process knows the selected text, the page
// never sees it.
'use strict';

const api = window.skilldeckToolbar;
const $ = (id) => document.getElementById(id);

function render(view) {
  document.documentElement.lang = String(view.labels.lang);
  $('bar').setAttribute('aria-label', String(view.labels.toolbar));
  const copy = $('copy');
  copy.textContent = String(view.labels.copy);
  copy.title = String(view.labels.copyHint);
  const more = $('more');
  more.title = String(view.labels.more);
  more.setAttribute('aria-label', String(view.labels.more));
  const list = $('skills');
  list.replaceChildren();
  for (const skill of view.skills) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'skill';
    button.title = String(skill.hint);
    button.dataset.skill = String(skill.id);
    const emoji = document.createElement('span');
    emoji.className = 'emoji';
    emoji.setAttribute('aria-hidden', 'true');
    emoji.textContent = String(skill.emoji || '•');
    const name = document.createElement('span');
    name.className = 'name';
    name.textContent = String(skill.name);
    button.append(emoji, name);
    button.addEventListener('click', () => api.run(String(skill.id)));
    list.append(button);
  }
  document.body.classList.toggle('empty', view.skills.length === 0);
  // the main process sized the window from an estimate: say what the buttons really need
  requestAnimationFrame(() => api.fit(Math.ceil($('bar').scrollWidth) + 2));
}

$('copy').addEventListener('click', () => api.copy());
$('more').addEventListener('click', () => api.more());
// a press must not move the focus anywhere (the window cannot take it; in a browser test it could)
document.addEventListener('mousedown', (event) => event.preventDefault());
api.onView(render);
