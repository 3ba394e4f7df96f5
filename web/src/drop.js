// Dropping: files or a folder dragged anywhere on the page (or picked), every create option of
// `POST /api/v2/inspirations` in openapi.yaml, upload progress, the wait until the URL is live, and
// the URL ready to copy.
import { ApiError, describe, upload, waitUntilLive } from './api.js';
import { $, announce, clearFieldErrors, field, h, radioValue, radios, replace, showFieldError } from './dom.js';
import { bytes } from './format.js';
import { ACCEPT, LIMITS_TEXT, MAX_BYTES, TYPE_LABEL, fromDataTransfer, fromFileList, siteOverCaps } from './intake.js';
import { inspiredByPicker } from './picker.js';
import { knownSpaces, session } from './session.js';
import { spaceChooser, spaces } from './spaces.js';
import { icon } from './icons.js';
import { zip, zipContents } from './zip.js';

const NAME_RULE = /^[a-z][a-z0-9-]{2,39}$/;

const VISIBILITY_BY_SCOPE = {
  personal: [['private', 'Only me'], ['org', 'Everyone in the grid'], ['link', 'Anyone with the link']],
  space: [['space', 'Members of the space'], ['org', 'Everyone in the grid']],
  org: [['org', 'Everyone in the grid']],
};

/** Fields of one package row; every other field of the create form is shared by all rows. */
const ROW_FIELDS = new Set(['name', 'display_name', 'file', 'source_type']);

/** Where an error code without a field detail belongs. */
const CODE_FIELD = {
  NAME_COLLISION: 'name', SCOPE_INVALID: 'visibility', SPACE_REQUIRED: 'space_id', SPACE_NOT_MEMBER: 'space_id',
  INSPIRED_BY_INVALID: 'inspired_by', PAYLOAD_TOO_LARGE: 'file', UNSUPPORTED_MEDIA_TYPE: 'file', CONTENT_MALFORMED: 'file',
};

/** @type {(item: any) => void} */
let onCreated = () => {};

/** Drag-and-drop anywhere on the page, and the hidden pickers behind the Drop button. */
export function installDropZone(created) {
  onCreated = created;
  const overlay = h('div.drop-overlay', { hidden: true, 'aria-hidden': 'true' },
    h('div', h('p.big', 'Drop to share'), h('p', 'Files, or a folder with an index.html')));
  document.body.append(overlay);
  let depth = 0;
  const hasFiles = (e) => [...(e.dataTransfer?.types || [])].includes('Files');
  const signedIn = () => Boolean(session.token && session.grid) && !$('dialog[open]');
  window.addEventListener('dragenter', (e) => {
    if (!hasFiles(e) || !signedIn()) return;
    depth += 1;
    overlay.hidden = false;
  });
  window.addEventListener('dragleave', () => {
    depth = Math.max(0, depth - 1);
    if (!depth) overlay.hidden = true;
  });
  window.addEventListener('dragover', (e) => {
    if (!hasFiles(e)) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = signedIn() ? 'copy' : 'none';
  });
  window.addEventListener('drop', (e) => {
    if (!hasFiles(e)) return;
    e.preventDefault();
    depth = 0;
    overlay.hidden = true;
    if (!signedIn()) return;
    fromDataTransfer(e.dataTransfer).then(openDropDialog);
  });
}

/** Opens the file picker (`folder` picks one folder). */
export function pick(folder = false) {
  document.getElementById(folder ? 'pick-folder' : 'pick-files')?.remove();
  const input = h('input', { type: 'file', multiple: !folder, accept: folder ? null : ACCEPT, hidden: true, id: folder ? 'pick-folder' : 'pick-files' });
  if (folder) input.webkitdirectory = true;
  input.addEventListener('change', () => {
    const packages = fromFileList(input.files);
    input.remove();
    if (packages.length) openDropDialog(packages);
  });
  input.addEventListener('cancel', () => input.remove());
  document.body.append(input);
  input.click();
}

/** The drop dialog for a list of packages from intake.js. */
export function openDropDialog(packages) {
  const ready = packages.filter((p) => !p.problem);
  const problems = packages.filter((p) => p.problem);
  const dialog = h('dialog.modal.drop-dialog', { 'aria-labelledby': 'drop-title' });
  const space = spaceChooser(knownSpaces());
  spaces().then((list) => space.update(list));
  const picker = inspiredByPicker();
  const form = h('form', { noValidate: true });
  const rows = ready.map((p, i) => packageRow(p, i));
  const general = h('p.error-banner', { role: 'alert', hidden: true });

  const visibilityWrap = h('div');
  const renderVisibility = () => {
    const scope = radioValue(form, 'scope') || 'personal';
    const options = VISIBILITY_BY_SCOPE[scope];
    const current = radioValue(form, 'visibility');
    const selected = options.some(([v]) => v === current) ? current : (scope === 'space' ? 'space' : 'org');
    replace(visibilityWrap, radios('visibility', 'Who can see it', options, selected));
    space.el.hidden = scope !== 'space';
  };

  const days = h('input', { type: 'number', name: 'expires_in_days', min: 1, max: 365, value: 30, inputMode: 'numeric' });
  const reason = h('input', { type: 'text', name: 'pin_reason', maxLength: 280, placeholder: 'Why it should stay, e.g. kept for the launch retro' });
  const expiryChoice = radios('expiry', 'How long it stays', [['days', 'Expires after a number of days'], ['pin', 'Pin it: never expires']], 'days', () => syncExpiry());
  const daysField = field('Days until it expires', days, { name: 'expires_in_days', hint: '1 to 365' });
  const reasonField = field('Reason for pinning', reason, { name: 'pin_reason', hint: '5 to 280 characters' });
  function syncExpiry() {
    const pin = radioValue(form, 'expiry') === 'pin';
    daysField.hidden = pin;
    reasonField.hidden = !pin;
  }

  const submit = h('button.primary', { type: 'submit' }, ready.length > 1 ? `Drop ${ready.length}` : 'Drop');
  const cancel = h('button.ghost', { type: 'button', onclick: () => dialog.close() }, 'Cancel');
  const heading = h('h2', { id: 'drop-title' }, `Drop on ${session.grid}`);

  replace(form,
    h('header.modal-head', heading, h('button.icon-button', { type: 'button', 'aria-label': 'Close', onclick: () => dialog.close() }, icon('close', 20))),
    h('div.modal-body',
      problems.length ? h('div.warning', { role: 'note' }, h('p', 'Left out:'),
        h('ul', problems.map((p) => h('li', h('strong', p.label), `: ${p.problem}`)))) : null,
      ready.length ? h('ol.packages', rows) : h('p', 'Nothing here can be dropped. Plug takes HTML (or a folder with index.html, or a .zip), React single files, Markdown, PDF, slides, documents, spreadsheets and images.'),
      ready.length ? h('div.options',
        radios('scope', 'Where it lives', [['personal', 'Personal', 'under your name'], ['space', 'A space'], ['org', 'Grid-wide']], 'personal', renderVisibility),
        space.el,
        visibilityWrap,
        expiryChoice, daysField, reasonField,
        picker.el) : null,
      h('p.hint.limits', LIMITS_TEXT),
      general),
    h('footer.modal-foot', cancel, ready.length ? submit : null));
  dialog.append(form);
  document.body.append(dialog);
  renderVisibility();
  syncExpiry();
  dialog.addEventListener('close', () => dialog.remove());
  dialog.showModal();
  rows[0]?.querySelector('input')?.focus();

  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    clearFieldErrors(form);
    general.hidden = true;
    const shared = sharedFields(form, space, picker);
    if (!validate(form, ready, rows, shared, space)) return;
    submit.disabled = true;
    submit.textContent = 'Dropping…';
    for (const [i, pkg] of ready.entries()) {
      if (pkg.created) continue;
      const ok = await dropOne(pkg, rows[i], shared, form, general);
      if (!ok) {
        submit.disabled = false;
        submit.textContent = 'Try again';
        return;
      }
    }
    submit.remove();
    cancel.textContent = 'Done';
    cancel.classList.replace('ghost', 'primary');
    for (const el of form.querySelectorAll('.options, .packages input')) el.disabled = true;
    form.querySelector('.options')?.setAttribute('hidden', '');
  });
}

function packageRow(pkg, i) {
  const name = h('input', { type: 'text', name: 'name', value: pkg.name, required: true, maxLength: 40, spellcheck: false, autocapitalize: 'off', pattern: '[a-z][a-z0-9\\-]{2,39}' });
  const title = h('input', { type: 'text', name: 'display_name', value: pkg.displayName, maxLength: 100 });
  const what = pkg.entries ? `${pkg.count} files, zipped in your browser` : bytes(pkg.size);
  return h('li.package', { dataset: { row: i } },
    h('div.package-head',
      h('span.type', TYPE_LABEL[pkg.sourceType]),
      h('strong.package-label', pkg.label),
      h('span.muted', pkg.entries ? `${what} (${bytes(pkg.size)})` : what)),
    h('div.package-fields',
      field('Title', title, { name: 'display_name' }),
      field('Name in the URL', name, { name: 'name', hint: 'a-z, 0-9 and -, 3 to 40; Plug adds a short suffix' })),
    h('div.field.file-error', { dataset: { field: 'file' } }, h('p.error', { hidden: true })),
    h('div.package-status', { 'aria-live': 'polite' }));
}

function sharedFields(form, space, picker) {
  const scope = radioValue(form, 'scope');
  const pin = radioValue(form, 'expiry') === 'pin';
  return {
    scope,
    space_id: scope === 'space' ? space.value() : '',
    visibility: radioValue(form, 'visibility'),
    expires_in_days: pin ? 'null' : form.querySelector('[name="expires_in_days"]').value.trim(),
    pin_reason: pin ? form.querySelector('[name="pin_reason"]').value.trim() : '',
    inspired_by: picker.chosen(),
  };
}

/** The rules of the create form (openapi.yaml; README "Limits") checked before any byte leaves the browser. */
function validate(form, packages, rows, shared, space) {
  let ok = true;
  const fail = (root, name, message) => { ok = false; showFieldError(root, name, message); };
  packages.forEach((pkg, i) => {
    if (pkg.created) return;
    const row = rows[i];
    const name = row.querySelector('[name="name"]').value.trim();
    const title = row.querySelector('[name="display_name"]').value.trim();
    if (!NAME_RULE.test(name)) fail(row, 'name', 'Use 3 to 40 characters: lower-case letters, digits and -, starting with a letter.');
    if (title.length > 100) fail(row, 'display_name', 'At most 100 characters.');
  });
  if (shared.scope === 'space' && !space.valid()) fail(form, 'space_id', 'Choose a space you belong to.');
  if (shared.expires_in_days === 'null') {
    if (shared.pin_reason.length < 5 || shared.pin_reason.length > 280) fail(form, 'pin_reason', 'Say in 5 to 280 characters why it should never expire.');
  } else {
    const n = Number(shared.expires_in_days);
    if (!Number.isInteger(n) || n < 1 || n > 365) fail(form, 'expires_in_days', 'A whole number of days from 1 to 365.');
  }
  if (!ok) form.querySelector('[aria-invalid="true"]')?.focus();
  return ok;
}

/** Packs (zips a folder), uploads with progress, then waits until live. Returns false on an error. */
async function dropOne(pkg, row, shared, form, general) {
  const status = row.querySelector('.package-status');
  const bar = h('progress', { max: 100, value: 0, 'aria-label': `Upload of ${pkg.label}` });
  const text = h('span');
  replace(status, bar, text);
  try {
    let file = pkg.file;
    if (pkg.entries) {
      text.textContent = 'Zipping…';
      const blob = await zip(pkg.entries, (done, total) => { text.textContent = `Zipping ${done}/${total}`; });
      if (blob.size > MAX_BYTES) throw new ApiError(413, { error: { code: 'PAYLOAD_TOO_LARGE', message: `The zipped folder is ${bytes(blob.size)}; the limit is 50 MB.`, details: [] } });
      file = new File([blob], `${row.querySelector('[name="name"]').value.trim()}.zip`, { type: 'application/zip' });
    } else if (/\.zip$/i.test(file.name)) {
      const inside = await zipContents(file);
      const over = inside && siteOverCaps(inside.files, inside.unpacked);
      if (over) throw new ApiError(413, { error: { code: 'PAYLOAD_TOO_LARGE', message: `${file.name} is too big to drop: ${over}.`, details: [] } });
    }
    const body = formData(pkg, row, shared, file);
    text.textContent = 'Uploading…';
    const created = await upload('/api/v2/inspirations', body, (sent, total) => {
      bar.value = Math.round((sent / total) * 100);
      text.textContent = `Uploading ${bytes(sent)} of ${bytes(total)}`;
    });
    pkg.created = created;
    bar.value = 100;
    row.querySelector('.package-fields').hidden = true;
    row.querySelector('.package-label').textContent = created.display_name;
    row.querySelector('.package-head').append(h('code.muted', created.name));
    text.textContent = 'Stored. Starting the URL (it answers 503 for a moment)…';
    onCreated(created);
    waitUntilLive(created.entity_id).then((live) => showLive(status, live), (err) => showLive(status, { ...created, status: 'unknown', error: describe(err) }));
    return true;
  } catch (err) {
    replace(status);
    placeError(err, row, form, general);
    return false;
  }
}

function formData(pkg, row, shared, file) {
  const body = new FormData();
  body.append('name', row.querySelector('[name="name"]').value.trim());
  const title = row.querySelector('[name="display_name"]').value.trim();
  if (title) body.append('display_name', title);
  body.append('scope', shared.scope);
  if (shared.space_id) body.append('space_id', shared.space_id);
  body.append('visibility', shared.visibility);
  body.append('expires_in_days', shared.expires_in_days);
  if (shared.pin_reason) body.append('pin_reason', shared.pin_reason);
  body.append('source_type', pkg.sourceType);
  body.append('uploaded_via', 'web');
  for (const id of shared.inspired_by) body.append('inspired_by', id);
  body.append('file', file, file.name || pkg.label);
  return body;
}

/** Shows an API error next to the field it concerns (row or shared), else above the buttons. */
function placeError(err, row, form, general) {
  let placed = false;
  if (err instanceof ApiError) {
    const details = err.details.length ? err.details : [{ field: CODE_FIELD[err.code], issue: '', hint: '' }];
    for (const d of details) {
      let name = d.field || CODE_FIELD[err.code];
      if (name === 'source_type') name = 'file';
      if (!name) continue;
      const message = err.details.length > 1 ? `${d.issue}: ${d.hint}` : describe(err);
      placed = showFieldError(ROW_FIELDS.has(name) ? row : form, name, message) || placed;
    }
  }
  if (!placed) {
    general.textContent = describe(err);
    general.hidden = false;
  }
  (form.querySelector('[aria-invalid="true"]') || general).focus?.();
  announce(describe(err), { error: true });
}

/** The live URL, ready to copy, or what went wrong while starting. */
function showLive(status, item) {
  onCreated(item);
  if (item.status !== 'live') {
    replace(status, h('p.error', item.error || `It stopped at status “${item.status}”. Open it for details.`));
    return;
  }
  const url = h('input.url', { type: 'text', readOnly: true, value: item.url, 'aria-label': 'URL', onfocus: (e) => e.target.select() });
  replace(status,
    h('p.live', h('span.status.s-live', 'Live'), ' Ready to share:'),
    h('div.url-row', url, copyButton(item.url),
      h('a.button.ghost', { href: item.url, target: '_blank', rel: 'noopener' }, 'Open'),
      h('a.button.ghost', { href: `#/i/${item.entity_id}`, onclick: (e) => e.currentTarget.closest('dialog')?.close() }, 'Details')));
  announce(`${item.display_name} is live.`);
}

export function copyButton(text) {
  const button = h('button.ghost', { type: 'button', onclick: async () => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      const input = button.parentElement.querySelector('input');
      input?.select();
      document.execCommand?.('copy');
    }
    button.textContent = 'Copied';
    announce('URL copied.');
    setTimeout(() => { button.textContent = 'Copy'; }, 2000);
  } }, 'Copy');
  return button;
}
