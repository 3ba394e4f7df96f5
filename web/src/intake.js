// What the user dropped or picked, turned into drops: one per supported file, one zipped site per
// folder holding index.html (hidden files and node_modules left behind, as the CLI does).

// The caps of plug_domain::limits (a Rust test holds these equal): README "Limits" says why.
export const MAX_BYTES = 50 * 1024 * 1024;
export const SITE_MAX_FILES = 20000;
export const SITE_MAX_UNPACKED_BYTES = 1024 * 1024 * 1024;
const UNPACKED_TEXT = '1 GB';
export const LIMITS_TEXT = `Up to 50 MB per drop. A site (a folder or a .zip) holds at most ${SITE_MAX_FILES.toLocaleString('en')} files and unpacks to at most ${UNPACKED_TEXT}.`;

/** Why a site of `files` files and `unpacked` bytes cannot be dropped, or null. */
export function siteOverCaps(files, unpacked) {
  if (files > SITE_MAX_FILES) return `it holds ${files.toLocaleString('en')} files; a site may hold at most ${SITE_MAX_FILES.toLocaleString('en')}`;
  if (unpacked > SITE_MAX_UNPACKED_BYTES) return `it unpacks to ${Math.ceil(unpacked / 1048576)} MB; a site may unpack to at most ${UNPACKED_TEXT}`;
  return null;
}

const TYPES = {
  html: 'html', htm: 'html', zip: 'html',
  jsx: 'react_single_file', tsx: 'react_single_file', js: 'react_single_file',
  md: 'markdown', pdf: 'pdf', pptx: 'pptx', docx: 'docx', xlsx: 'xlsx',
  png: 'image', jpg: 'image', jpeg: 'image', svg: 'image', webp: 'image',
};

export const TYPE_LABEL = {
  html: 'HTML', react_single_file: 'React', markdown: 'Markdown', pdf: 'PDF', pptx: 'Slides',
  docx: 'Document', xlsx: 'Spreadsheet', image: 'Image',
};

export const ACCEPT = Object.keys(TYPES).map((e) => `.${e}`).join(',');

// What to do with a document GitHub draws and Plug does not take (plug_domain::document_hint).
const MARKDOWN_KIN = 'It is Markdown: rename it to .md.';
const TO_HTML = 'Convert it with asciidoctor README.adoc and upload the .html.';
const TO_MD = 'Convert it with pandoc README.rst -o README.md and upload the .md.';
const DOCUMENT_HINTS = {
  markdown: MARKDOWN_KIN, mdown: MARKDOWN_KIN, mkd: MARKDOWN_KIN, mkdn: MARKDOWN_KIN, mdwn: MARKDOWN_KIN, mdtext: MARKDOWN_KIN,
  mdx: 'MDX is Markdown with components: renamed to .md it is drawn as Markdown, its imports as text; or upload the built site as a .zip.',
  ipynb: 'Export the notebook with jupyter nbconvert --to html (or File > Save and Export Notebook As > HTML) and upload the .html.',
  rst: TO_MD, rest: TO_MD, adoc: TO_HTML, asciidoc: TO_HTML,
};

const extension = (name) => (name.includes('.') ? name.split('.').pop().toLowerCase() : '');
export const sourceTypeOf = (fileName) => TYPES[extension(fileName)] || null;

/**
 * A valid Inspiration name (3-40 chars of `^[a-z][a-z0-9-]*$`) from any file or folder name, by
 * the same rule as `plug`: lower-cased, other runs become one `-`, prefixed, padded, cut at a word.
 */
export function deriveName(raw) {
  let name = raw.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  if (!name) name = 'drop';
  else if (!/^[a-z]/.test(name)) name = `drop-${name}`;
  if (name.length < 3) name += '-drop';
  if (name.length > 40) {
    const atWordEnd = name[40] === '-';
    name = name.slice(0, 40);
    const cut = name.lastIndexOf('-');
    if (!atWordEnd && cut >= 3) name = name.slice(0, cut);
    name = name.replace(/-+$/, '');
  }
  return name;
}

/** A title from a file name: "q3-launch_plan.pdf" → "q3 launch plan". */
const titleOf = (raw) => raw.replace(/\.[^.]+$/, '').replace(/[-_]+/g, ' ').trim().slice(0, 100) || raw;

const skipped = (path) => path.split('/').some((p) => p.startsWith('.') || p === 'node_modules' || p === '__MACOSX');

function filePackage(file) {
  const sourceType = sourceTypeOf(file.name);
  const stem = file.name.replace(/\.[^.]+$/, '');
  if (!sourceType) {
    const ext = extension(file.name);
    const hint = DOCUMENT_HINTS[ext] ? `. ${DOCUMENT_HINTS[ext]}` : '';
    return { problem: ext ? `.${ext} files are not something Plug can serve${hint}` : 'it has no file extension to tell its type by', label: file.name };
  }
  if (file.size > MAX_BYTES) return { problem: 'it is larger than 50 MB', label: file.name };
  return {
    label: file.name, name: deriveName(stem), displayName: titleOf(file.name), sourceType,
    file, size: file.size, count: 1,
  };
}

function sitePackage(folderName, entries) {
  const kept = entries.filter((e) => !skipped(e.path));
  if (!kept.some((e) => e.path === 'index.html')) {
    return { problem: 'a folder needs an index.html at its top level', label: `${folderName}/` };
  }
  const size = kept.reduce((n, e) => n + e.file.size, 0);
  const over = siteOverCaps(kept.length, size);
  if (over) return { problem: over, label: `${folderName}/` };
  return {
    label: `${folderName}/`, name: deriveName(folderName), displayName: titleOf(folderName), sourceType: 'html',
    entries: kept, size, count: kept.length,
  };
}

/** Drops from loose files: a set holding index.html is one site, anything else one drop per file. */
function loosePackages(files) {
  if (files.length > 1 && files.some((f) => f.name === 'index.html')) {
    return [sitePackage('site', files.map((file) => ({ path: file.name, file })))];
  }
  return files.map(filePackage);
}

/** Drops from an <input type=file> list, with or without `webkitdirectory`. */
export function fromFileList(list) {
  const files = [...list];
  const folders = new Map();
  const loose = [];
  for (const file of files) {
    const rel = file.webkitRelativePath || '';
    if (!rel.includes('/')) { loose.push(file); continue; }
    const [root, ...rest] = rel.split('/');
    if (!folders.has(root)) folders.set(root, []);
    folders.get(root).push({ path: rest.join('/'), file });
  }
  return [...[...folders].map(([name, entries]) => sitePackage(name, entries)), ...loosePackages(loose)];
}

/**
 * Drops from a drag-and-drop. The entries must be taken inside the drop event (the DataTransfer is
 * emptied afterwards); reading folders happens after.
 */
export function fromDataTransfer(dt) {
  const taken = [...dt.items].filter((i) => i.kind === 'file')
    .map((i) => ({ entry: i.webkitGetAsEntry?.() || null, file: i.getAsFile() }));
  return (async () => {
    const folders = [];
    const loose = [];
    for (const { entry, file } of taken) {
      if (entry && entry.isDirectory) folders.push(sitePackage(entry.name, await readFolder(entry, '')));
      else if (file) loose.push(file);
    }
    return [...folders, ...loosePackages(loose)];
  })();
}

async function readFolder(dir, prefix) {
  const out = [];
  for (const entry of await readAll(dir.createReader())) {
    const path = prefix + entry.name;
    if (skipped(path)) continue;
    if (entry.isDirectory) out.push(...await readFolder(entry, `${path}/`));
    else out.push({ path, file: await new Promise((res, rej) => entry.file(res, rej)) });
  }
  return out;
}

/** readEntries answers in batches (about 100 at a time) until it returns none. */
async function readAll(reader) {
  const all = [];
  for (;;) {
    const batch = await new Promise((res, rej) => reader.readEntries(res, rej));
    if (!batch.length) return all;
    all.push(...batch);
  }
}
