// The app's only rendering primitive: build elements from tag, props and children. Text always goes
// in as text nodes, never as HTML, so nothing a user uploaded or typed can become markup.

/**
 * h('button.primary', { onclick, type: 'button' }, 'Drop') → <button class="primary">Drop</button>.
 * Props: `class`, `dataset`, `style` (string), `on<event>` listeners, `aria-*`/other attributes, and
 * DOM properties (value, checked, hidden...). Children: strings, numbers, nodes, arrays, or null.
 */
export function h(spec, props, ...children) {
  const [tag, ...classes] = spec.split('.');
  const el = document.createElement(tag || 'div');
  if (classes.length) el.className = classes.join(' ');
  if (props && (typeof props !== 'object' || props instanceof Node || Array.isArray(props))) {
    children.unshift(props);
    props = null;
  }
  for (const [key, value] of Object.entries(props || {})) setProp(el, key, value);
  append(el, children);
  return el;
}

function setProp(el, key, value) {
  if (value === undefined || value === null || value === false) return;
  if (key.startsWith('on') && typeof value === 'function') el.addEventListener(key.slice(2), value);
  else if (key === 'class') el.className = [el.className, value].filter(Boolean).join(' ');
  else if (key === 'dataset') Object.assign(el.dataset, value);
  else if (key in el && !key.includes('-') && key !== 'list' && key !== 'form') el[key] = value;
  else el.setAttribute(key, value === true ? '' : String(value));
}

/** Appends children (strings, nodes, nested arrays; null and false are skipped). */
export function append(el, children) {
  for (const child of [children].flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : String(child));
  }
  return el;
}

/** Replaces every child of `el`. */
export function replace(el, ...children) {
  el.replaceChildren();
  return append(el, children);
}

export const $ = (selector, root = document) => root.querySelector(selector);
export const $$ = (selector, root = document) => [...root.querySelectorAll(selector)];

let uid = 0;
/** @type {ReturnType<typeof setTimeout> | undefined} */
let toastTimer;

/** A document-unique id for label/aria wiring. */
export const newId = (prefix = 'f') => `${prefix}-${++uid}`;

/**
 * A labelled form field: label, control, hint and an error slot the API's details can fill.
 * @param {any} label
 * @param {any} control
 * @param {{ hint?: string, name?: string }} [options]
 */
export function field(label, control, { hint, name } = {}) {
  const id = control.id || (control.id = newId());
  const errorId = `${id}-error`;
  const hintId = hint ? `${id}-hint` : null;
  control.setAttribute('aria-describedby', [hintId, errorId].filter(Boolean).join(' '));
  const wrap = h('div.field', { dataset: { field: name || control.name || '' } },
    h('label', { htmlFor: id }, label),
    control,
    hint ? h('p.hint', { id: hintId }, hint) : null,
    h('p.error', { id: errorId, hidden: true }));
  return wrap;
}

/** Shows `message` in the error slot of the field named `name` inside `root`; returns whether found. */
export function showFieldError(root, name, message) {
  const wrap = root.querySelector(`[data-field="${CSS.escape(name)}"]`);
  if (!wrap) return false;
  const slot = wrap.querySelector('.error');
  slot.textContent = message;
  slot.hidden = false;
  const control = wrap.querySelector('input, select, textarea, [role="radiogroup"], fieldset');
  control?.setAttribute('aria-invalid', 'true');
  return true;
}

/** Clears every field error inside `root`. */
export function clearFieldErrors(root) {
  for (const slot of root.querySelectorAll('.field .error')) {
    slot.hidden = true;
    slot.textContent = '';
  }
  for (const c of root.querySelectorAll('[aria-invalid]')) c.removeAttribute('aria-invalid');
}

/** A set of radio buttons in a fieldset; `options` is [[value, label, hint?], ...]. */
export function radios(name, legend, options, selected, onchange) {
  const set = h('fieldset.radios', { dataset: { field: name } }, h('legend', legend));
  for (const [value, label, hint] of options) {
    const input = h('input', { type: 'radio', name, value, checked: value === selected, onchange });
    set.append(h('label.radio', input, h('span', label, hint ? h('small', hint) : null)));
  }
  set.append(h('p.error', { hidden: true }));
  return set;
}

/** The value of the checked radio called `name` inside `root`. */
export const radioValue = (root, name) => root.querySelector(`input[name="${name}"]:checked`)?.value;

/** Polite announcements for screen readers, plus a brief visible toast. */
export function announce(message, { error = false } = {}) {
  const region = $('#toast');
  region.className = error ? 'toast error' : 'toast';
  region.textContent = message;
  region.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { region.hidden = true; }, error ? 8000 : 3500);
}
