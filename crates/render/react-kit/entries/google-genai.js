// `@google/genai` and the older `@google/generative-ai`: Google AI Studio's apps call Gemini with
// the key AI Studio gives them (`process.env.API_KEY`). A drop has no key, so every call rejects
// with an error saying so (the component's own `catch` shows it) and the page says it once. The
// enums the SDKs export (`Type`, `Modality`, `HarmCategory`, …) give each name as its own string.
import { notice } from "./notice.js";

const TEXT =
  "This component calls the Gemini API, which Google AI Studio gives the apps it makes, with its key. A drop on Plug has no key, so that part of it does nothing here.";

function unavailable() {
  notice(TEXT);
  return Promise.reject(Object.assign(new Error(TEXT), { plain: true }));
}
// Any path of calls (`ai.models.generateContent`, `ai.chats.create(…).sendMessage`,
// `genAI.getGenerativeModel(…).startChat(…).sendMessageStream`): objects all the way down, each
// call of a last method rejecting. `create`, `startChat` and `getGenerativeModel` return the same.
const MAKERS = new Set(["create", "startChat", "getGenerativeModel", "getGenerativeModelFromCachedContent", "connect"]);
function service(name) {
  const target = function () {};
  return new Proxy(target, {
    get(_, key) {
      if (typeof key === "symbol" || key === "then") return undefined;
      return service(key);
    },
    apply() {
      return MAKERS.has(name) ? service("") : unavailable();
    },
  });
}

export class GoogleGenAI {
  constructor(options) {
    this.options = options;
    for (const part of ["models", "chats", "files", "caches", "live", "operations", "batches", "tunings"]) this[part] = service(part);
  }
}
export class GoogleGenerativeAI {
  constructor(apiKey) {
    this.apiKey = apiKey;
  }
  getGenerativeModel(params) {
    return service("model");
  }
}
const names = () => new Proxy({}, { get: (_, key) => (typeof key === "symbol" ? undefined : key) });
export const Type = names();
export const SchemaType = names();
export const Modality = names();
export const HarmCategory = names();
export const HarmBlockThreshold = names();
export const FinishReason = names();
export const FunctionCallingConfigMode = names();
export const createUserContent = (parts) => ({ role: "user", parts: [].concat(parts).map((p) => (typeof p === "string" ? { text: p } : p)) });
export const createPartFromUri = (fileUri, mimeType) => ({ fileData: { fileUri, mimeType } });
