// `firebase/app`, `firebase/auth` and `firebase/firestore` as Gemini's Canvas apps use them. Canvas
// gives each app a Firebase project (`__firebase_config`, `__initial_auth_token`); a drop has none,
// so this stand-in keeps the app's Firestore documents in the localStorage of the drop's own
// origin, as `window.storage` does (README, "Single-file React components"): the app works and its
// data lasts across reloads, for this viewer in this browser only. Sign-in is one anonymous user
// per browser. What it covers is the subset the tools' apps use: documents and collections, `query`
// with `where`, `orderBy`, `limit`, live `onSnapshot`, batches, and the field values
// (`serverTimestamp`, `increment`, `arrayUnion`, `arrayRemove`, `deleteField`).
import { notice } from "./notice.js";

const TEXT =
  "This component was written for Gemini's Canvas, which gives it a Firebase project to keep data in. A drop on Plug has none: its data is kept in this browser only, for this viewer.";
const PREFIX = "plug.firestore.";

// --- app ---
const apps = [];
export function initializeApp(options = {}, name = "[DEFAULT]") {
  notice(TEXT);
  const app = { name: typeof name === "string" ? name : "[DEFAULT]", options, automaticDataCollectionEnabled: false };
  apps.push(app);
  return app;
}
export const getApps = () => apps.slice();
export const getApp = () => apps[0] ?? initializeApp();
export const deleteApp = async () => {};
export const setLogLevel = () => {};
export const SDK_VERSION = "plug";

// --- auth ---
function localUser() {
  let uid = localStorage.getItem("plug.firebase.uid");
  if (!uid) {
    uid = Array.from(crypto.getRandomValues(new Uint8Array(14)), (b) => "abcdefghijklmnopqrstuvwxyz0123456789"[b % 36]).join("");
    localStorage.setItem("plug.firebase.uid", uid);
  }
  return { uid, isAnonymous: true, displayName: null, email: null, photoURL: null, providerData: [], getIdToken: async () => "" };
}
// The anonymous user stays signed in across reloads, as Firebase keeps its session.
const SIGNED_IN = "plug.firebase.signedIn";
let auth;
export function getAuth() {
  auth ??= { currentUser: localStorage.getItem(SIGNED_IN) ? localUser() : null, listeners: new Map(), app: apps[0] };
  return auth;
}
export const initializeAuth = getAuth;
function setUser(a, user) {
  if (user) localStorage.setItem(SIGNED_IN, "1");
  else localStorage.removeItem(SIGNED_IN);
  a.currentUser = user;
  for (const [listener, state] of a.listeners) {
    state.told = true;
    listener(user);
  }
  return { user, providerId: null, operationType: "signIn" };
}
export const signInAnonymously = async (a = getAuth()) => setUser(a, localUser());
// The token Canvas hands its app is for Canvas's project; here it signs in the local user.
export const signInWithCustomToken = async (a = getAuth()) => setUser(a, localUser());
export const signOut = async (a = getAuth()) => void setUser(a, null);
// Called once the state is known (asynchronously, as Firebase does), then on every change; a
// sign-in before that first call makes it the first.
export function onAuthStateChanged(a, next) {
  a = a ?? getAuth();
  const listener = typeof next === "function" ? next : (user) => next?.next?.(user);
  const state = { told: false };
  a.listeners.set(listener, state);
  setTimeout(() => {
    if (a.listeners.has(listener) && !state.told) {
      state.told = true;
      listener(a.currentUser);
    }
  }, 0);
  return () => a.listeners.delete(listener);
}
export const onIdTokenChanged = onAuthStateChanged;
const noAccounts = async () => {
  throw Object.assign(new Error("Signing in with an account needs the Firebase project the app was made for, which a drop on Plug does not have."), { code: "auth/operation-not-supported-in-this-environment" });
};
export const signInWithPopup = noAccounts;
export const signInWithRedirect = noAccounts;
export const signInWithEmailAndPassword = noAccounts;
export const createUserWithEmailAndPassword = noAccounts;
export const setPersistence = async () => {};
export const browserLocalPersistence = { type: "LOCAL" };
export const browserSessionPersistence = { type: "SESSION" };
export const inMemoryPersistence = { type: "NONE" };
export class GoogleAuthProvider {
  addScope() {}
  setCustomParameters() {}
}

// --- firestore ---
export class Timestamp {
  constructor(seconds, nanoseconds = 0) {
    this.seconds = seconds;
    this.nanoseconds = nanoseconds;
  }
  static now() {
    return Timestamp.fromMillis(Date.now());
  }
  static fromDate(date) {
    return Timestamp.fromMillis(date.getTime());
  }
  static fromMillis(ms) {
    return new Timestamp(Math.floor(ms / 1000), (ms % 1000) * 1e6);
  }
  toMillis() {
    return this.seconds * 1000 + Math.floor(this.nanoseconds / 1e6);
  }
  toDate() {
    return new Date(this.toMillis());
  }
  isEqual(other) {
    return other instanceof Timestamp && other.toMillis() === this.toMillis();
  }
  valueOf() {
    return String(this.toMillis()).padStart(16, "0");
  }
  toJSON() {
    return { __plugTimestamp: this.toMillis() };
  }
}
class FieldValue {
  constructor(kind, value) {
    this.kind = kind;
    this.value = value;
  }
}
export const serverTimestamp = () => new FieldValue("time");
export const increment = (n) => new FieldValue("increment", n);
export const arrayUnion = (...values) => new FieldValue("union", values);
export const arrayRemove = (...values) => new FieldValue("remove", values);
export const deleteField = () => new FieldValue("delete");

let db;
export function getFirestore() {
  db ??= { type: "firestore", app: apps[0] };
  return db;
}
export const initializeFirestore = getFirestore;
export const enableIndexedDbPersistence = async () => {};
export const enableMultiTabIndexedDbPersistence = async () => {};
export const connectFirestoreEmulator = () => {};

const newId = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(20)), (b) => "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"[b % 62]).join("");
const join = (base, segments) => [base, ...segments.flatMap((s) => String(s).split("/"))].filter(Boolean).join("/");
const basePath = (parent) => (parent && typeof parent.path === "string" ? parent.path : "");

function collectionRef(path) {
  return { type: "collection", path, id: path.split("/").pop(), firestore: getFirestore() };
}
function documentRef(path) {
  const parts = path.split("/");
  return { type: "document", path, id: parts.pop(), parent: collectionRef(parts.join("/")), firestore: getFirestore() };
}
export function collection(parent, ...segments) {
  const path = join(basePath(parent), segments);
  if (path.split("/").length % 2 !== 1) throw new Error(`Invalid collection reference: "${path}" has an even number of segments.`);
  return collectionRef(path);
}
export function doc(parent, ...segments) {
  let path = join(basePath(parent), segments);
  if (path.split("/").length % 2 === 1) path = `${path}/${newId()}`;
  return documentRef(path);
}
export const collectionGroup = (_, id) => ({ type: "query", group: id, path: "", constraints: [] });

// Documents, read and written as JSON with Timestamps marked.
const revive = (_, v) => (v && typeof v === "object" && "__plugTimestamp" in v ? Timestamp.fromMillis(v.__plugTimestamp) : v);
const load = (path) => {
  const text = localStorage.getItem(PREFIX + path);
  return text === null ? undefined : JSON.parse(text, revive);
};
const sameValue = (a, b) => JSON.stringify(a) === JSON.stringify(b);
function apply(before, changes, merge) {
  const out = merge ? { ...(before ?? {}) } : {};
  for (const [key, value] of Object.entries(changes)) {
    // `update({ "a.b": 1 })` writes the nested field.
    const path = key.split(".");
    let holder = out;
    for (const part of path.slice(0, -1)) holder = holder[part] = holder[part] && typeof holder[part] === "object" ? { ...holder[part] } : {};
    const last = path[path.length - 1];
    const old = holder[last];
    if (value instanceof FieldValue) {
      if (value.kind === "delete") delete holder[last];
      else if (value.kind === "time") holder[last] = Timestamp.now();
      else if (value.kind === "increment") holder[last] = (typeof old === "number" ? old : 0) + value.value;
      else if (value.kind === "union") holder[last] = [...(Array.isArray(old) ? old : []), ...value.value.filter((v) => !(Array.isArray(old) ? old : []).some((o) => sameValue(o, v)))];
      else if (value.kind === "remove") holder[last] = (Array.isArray(old) ? old : []).filter((o) => !value.value.some((v) => sameValue(o, v)));
    } else if (merge && value && typeof value === "object" && !Array.isArray(value) && !(value instanceof Timestamp) && !(value instanceof Date) && old && typeof old === "object") {
      holder[last] = apply(old, value, true);
    } else {
      holder[last] = value instanceof Date ? Timestamp.fromDate(value) : value;
    }
  }
  return out;
}
const listeners = new Set();
function store(path, data) {
  if (data === undefined) localStorage.removeItem(PREFIX + path);
  else localStorage.setItem(PREFIX + path, JSON.stringify(data));
}
function changed() {
  for (const listener of [...listeners]) listener();
}
function write(ref, changes, { merge = false, mustExist = false } = {}) {
  const before = load(ref.path);
  if (mustExist && before === undefined) {
    throw Object.assign(new Error(`No document to update: ${ref.path}`), { code: "not-found" });
  }
  store(ref.path, apply(before, changes, merge));
}

function snapshotOf(ref) {
  const data = load(ref.path);
  return {
    id: ref.id,
    ref,
    metadata: { hasPendingWrites: false, fromCache: false },
    exists: () => data !== undefined,
    data: () => (data === undefined ? undefined : structuredCloneTimestamps(data)),
    get: (field) => field.split(".").reduce((v, k) => (v == null ? undefined : v[k]), data),
  };
}
function structuredCloneTimestamps(data) {
  return JSON.parse(JSON.stringify(data), revive);
}

export const setDoc = async (ref, data, options = {}) => {
  write(ref, data, { merge: Boolean(options.merge || options.mergeFields) });
  changed();
};
export const updateDoc = async (ref, data, ...pairs) => {
  const changes = typeof data === "string" ? Object.fromEntries([[data, pairs[0]], ...chunk(pairs.slice(1))]) : data;
  write(ref, changes, { merge: true, mustExist: true });
  changed();
};
const chunk = (list) => list.reduce((out, v, i) => (i % 2 ? out[out.length - 1].push(v) : out.push([v]), out), []);
export const deleteDoc = async (ref) => {
  store(ref.path, undefined);
  changed();
};
export const addDoc = async (parent, data) => {
  const ref = doc(parent);
  write(ref, data);
  changed();
  return ref;
};
export const getDoc = async (ref) => snapshotOf(ref);
export const getDocFromCache = getDoc;
export const getDocFromServer = getDoc;

// Queries.
export const where = (field, op, value) => ({ kind: "where", field, op, value });
export const orderBy = (field, direction = "asc") => ({ kind: "orderBy", field, direction });
export const limit = (n) => ({ kind: "limit", n });
export const limitToLast = (n) => ({ kind: "limitToLast", n });
export const startAfter = () => ({ kind: "ignored" });
export const startAt = startAfter;
export const endAt = startAfter;
export const endBefore = startAfter;
export const and = (...constraints) => ({ kind: "and", constraints });
export const or = (...constraints) => ({ kind: "or", constraints });
export const documentId = () => "__name__";
export function query(base, ...constraints) {
  return { type: "query", path: base.path, group: base.group, constraints: [...(base.constraints ?? []), ...constraints.flat()] };
}
const comparable = (v) => (v instanceof Timestamp ? v.toMillis() : v instanceof Date ? v.getTime() : v);
function matches(snapshot, c) {
  if (c.kind === "and") return c.constraints.every((x) => matches(snapshot, x));
  if (c.kind === "or") return c.constraints.some((x) => matches(snapshot, x));
  if (c.kind !== "where") return true;
  const raw = c.field === "__name__" ? snapshot.id : snapshot.get(c.field);
  const [v, w] = [comparable(raw), comparable(c.value)];
  switch (c.op) {
    case "==": return sameValue(v, w);
    case "!=": return v !== undefined && !sameValue(v, w);
    case "<": return v < w;
    case "<=": return v <= w;
    case ">": return v > w;
    case ">=": return v >= w;
    case "array-contains": return Array.isArray(raw) && raw.some((x) => sameValue(x, c.value));
    case "array-contains-any": return Array.isArray(raw) && raw.some((x) => c.value.some((y) => sameValue(x, y)));
    case "in": return c.value.some((y) => sameValue(v, comparable(y)));
    case "not-in": return v !== undefined && !c.value.some((y) => sameValue(v, comparable(y)));
    default: return false;
  }
}
function run(q) {
  const depth = q.group ? null : q.path.split("/").length + 1;
  const docs = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (!key.startsWith(PREFIX)) continue;
    const path = key.slice(PREFIX.length);
    const parts = path.split("/");
    if (q.group ? parts[parts.length - 2] !== q.group : !path.startsWith(`${q.path}/`) || parts.length !== depth) continue;
    docs.push(snapshotOf(documentRef(path)));
  }
  const constraints = q.constraints ?? [];
  let out = docs.filter((d) => constraints.every((c) => matches(d, c)));
  const orders = constraints.filter((c) => c.kind === "orderBy");
  out.sort((a, b) => {
    for (const o of orders) {
      const [x, y] = [comparable(a.get(o.field)), comparable(b.get(o.field))];
      if (x === y) continue;
      const less = x === undefined || (y !== undefined && x < y);
      return (less ? -1 : 1) * (o.direction === "desc" ? -1 : 1);
    }
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
  for (const c of constraints) {
    if (c.kind === "limit") out = out.slice(0, c.n);
    if (c.kind === "limitToLast") out = out.slice(-c.n);
  }
  return {
    docs: out,
    size: out.length,
    empty: out.length === 0,
    query: q,
    metadata: { hasPendingWrites: false, fromCache: false },
    forEach: (fn) => out.forEach(fn),
    docChanges: () => out.map((d, newIndex) => ({ type: "added", doc: d, oldIndex: -1, newIndex })),
  };
}
export const getDocs = async (q) => run(q);
export const getDocsFromCache = getDocs;
export const getDocsFromServer = getDocs;
export const getCountFromServer = async (q) => ({ data: () => ({ count: run(q).size }) });

// Live listeners: called at once (asynchronously, as Firestore does) and after every write.
export function onSnapshot(target, ...args) {
  const rest = args[0] && typeof args[0] === "object" && !("next" in args[0]) && typeof args[0] !== "function" ? args.slice(1) : args;
  const observer = typeof rest[0] === "function" ? { next: rest[0], error: rest[1] } : rest[0] ?? {};
  const read = () => (target.type === "document" ? snapshotOf(target) : run(target));
  let last;
  const listener = () => {
    try {
      const snapshot = read();
      const key = JSON.stringify(target.type === "document" ? [snapshot.exists() && snapshot.data()] : snapshot.docs.map((d) => [d.id, d.data()]));
      if (key === last) return;
      last = key;
      observer.next?.(snapshot);
    } catch (error) {
      observer.error?.(error);
    }
  };
  listeners.add(listener);
  setTimeout(() => listeners.has(listener) && listener(), 0);
  return () => listeners.delete(listener);
}

export function writeBatch() {
  const steps = [];
  const batch = {
    set: (ref, data, options) => (steps.push(() => write(ref, data, { merge: Boolean(options?.merge) })), batch),
    update: (ref, data) => (steps.push(() => write(ref, data, { merge: true, mustExist: true })), batch),
    delete: (ref) => (steps.push(() => store(ref.path, undefined)), batch),
    commit: async () => {
      for (const step of steps) step();
      changed();
    },
  };
  return batch;
}
export async function runTransaction(_, update) {
  const batch = writeBatch();
  const result = await update({ get: getDoc, set: batch.set, update: batch.update, delete: batch.delete });
  await batch.commit();
  return result;
}
