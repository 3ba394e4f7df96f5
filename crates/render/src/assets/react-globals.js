// The single-file React viewer's stand-ins for the AI tools' globals, set before react.js (which
// follows this file in the same scope) starts the component.
// What the tools' own pages give a component beyond the browser. `window.storage` (Claude's
// persistent storage) is claude-storage.js, before this file; the rest says in the page what the
// origin tool provided.
function notice(text) {
  if (main.querySelector(`.plug-notice[data-text="${CSS.escape(text)}"]`)) return;
  const note = document.createElement("p");
  note.className = "plug-notice";
  note.setAttribute("role", "status");
  note.dataset.text = text;
  note.textContent = text;
  main.insertBefore(note, root);
}

function missing(what, provided) {
  return () => {
    const text = `This component calls ${what}, which ${provided}. A drop on Plug has no such service, so that part of it does nothing here.`;
    notice(text);
    return Promise.reject(Object.assign(new Error(text), { plain: true }));
  };
}

// The stand-ins among the libraries (react-kit/entries/notice.js: Firebase, the Gemini API,
// SheetJS, an icon lucide 0.383 lacks) say what is missing the same way.
window.addEventListener("plug:notice", (event) => notice(String(event.detail)));

window.fs = { readFile: missing("window.fs.readFile", "reads the files attached to a chat with Claude") };
window.claude = { complete: missing("window.claude.complete", "asks Claude from inside an artifact") };
// Gemini Canvas's apps call the Gemini API with an empty key (`const apiKey = ""`), which Canvas
// fills in on the way; from a drop the call would reach Google keyless and fail. Such a call (no
// key in the address or the headers) is answered here with an error and a notice, not sent; one
// with a key of its own goes out as written.
const pageFetch = window.fetch.bind(window);
const keylessGemini = missing("the Gemini API without a key", "Gemini's Canvas supplies for the apps it makes");
window.fetch = function fetch(input, init) {
  try {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href);
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    if (url.hostname === "generativelanguage.googleapis.com" && !url.searchParams.get("key") && !headers.get("x-goog-api-key")) {
      return keylessGemini();
    }
  } catch {
    // Not a URL fetch can read: fetch itself says so.
  }
  return pageFetch(input, init);
};

const GEMINI = { __firebase_config: "{}", __app_id: "default-app-id", __initial_auth_token: undefined };
for (const [name, value] of Object.entries(GEMINI)) {
  Object.defineProperty(window, name, {
    configurable: true,
    get() {
      // The same text as the Firebase stand-in's (react-kit/entries/firebase.js), so it shows once.
      notice(
        "This component was written for Gemini's Canvas, which gives it a Firebase project to keep data in. A drop on Plug has none: its data is kept in this browser only, for this viewer.",
      );
      return value;
    },
  });
}
