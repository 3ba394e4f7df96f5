// Single-file React components in shapes the AI tools write beyond the earlier sweeps (sweep 6):
// rendered Markdown in `prose`, immer (zustand's middleware, `produce`, `useImmer`), jotai, the
// TypeScript the models write and a canvas game. Written for these tests; see
// react-kit-sweep6.browser.test.mjs.

/** A chat screen's answer (v0, Lovable): react-markdown with GitHub's tables inside `prose` from @tailwindcss/typography, in a `container`. */
export const PROSE_CHAT = `import React, { useState } from "react";
import ReactMarkdown from "react-markdown";
import remarkGfm from "remark-gfm";
import { Send } from "lucide-react";
const answer = "# Release notes\\n\\nThis **week** we shipped:\\n\\n- Faster search\\n- A new *editor*\\n\\n## Next\\n\\n> Quote here\\n\\n\`inline\` and a [link](https://example.com).\\n\\n| a | b |\\n|---|---|\\n| 1 | 2 |";
export default function Chat() {
  const [input, setInput] = useState("");
  return (
    <div className="container mx-auto max-w-3xl py-8">
      <article id="md" className="prose prose-slate dark:prose-invert max-w-none lg:prose-lg">
        <ReactMarkdown remarkPlugins={[remarkGfm]}>{answer}</ReactMarkdown>
      </article>
      <form className="mt-6 flex gap-2" onSubmit={(e) => e.preventDefault()}>
        <input value={input} onChange={(e) => setInput(e.target.value)} className="flex-1 rounded-md border px-3 py-2" placeholder="Ask" />
        <button className="rounded-md bg-slate-900 px-3 text-white [&>svg]:size-4"><Send /></button>
      </form>
    </div>
  );
}
`;

/** A Bolt app's store: zustand with its immer middleware (updates written as mutations) inside `persist` and `devtools`. */
export const ZUSTAND_IMMER = `import { create } from 'zustand';
import { immer } from 'zustand/middleware/immer';
import { devtools, persist } from 'zustand/middleware';
interface Todo { id: string; text: string; done: boolean }
interface S { todos: Todo[]; add: (t: string) => void; toggle: (id: string) => void }
const useStore = create<S>()(devtools(persist(immer((set) => ({
  todos: [],
  add: (text) => set((s) => { s.todos.push({ id: crypto.randomUUID(), text, done: false }); }),
  toggle: (id) => set((s) => { const t = s.todos.find((t) => t.id === id); if (t) t.done = !t.done; }),
})), { name: 'todos' })));
export default function App() {
  const { todos, add, toggle } = useStore();
  return (<div className="p-6"><button id="add" className="bg-black text-white px-3" onClick={() => add('Milk')}>Add</button>
    <ul id="todos">{todos.map((t) => <li key={t.id} onClick={() => toggle(t.id)} className={t.done ? 'line-through' : ''}>{t.text}</li>)}</ul></div>);
}
`;

/** A ChatGPT settings panel: immer's `produce` and use-immer's `useImmer`. */
export const IMMER_HOOK = `import React from 'react';
import { produce } from 'immer';
import { useImmer } from 'use-immer';
export default function Settings() {
  const [s, update] = useImmer({ user: { name: 'Ada' }, tags: ['a'] });
  const [q, setQ] = React.useState('');
  const next = produce(s, (d) => { d.tags.push('b'); });
  return (<div className="p-6"><p id="name">{s.user.name} {next.tags.join(',')} {q}</p>
    <input id="q" value={q} onChange={(e) => setQ(e.target.value)} />
    <button id="rename" onClick={() => update((d) => { d.user.name = 'Grace'; })}>Rename</button></div>);
}
`;

/** jotai's atoms: a derived atom and `atomWithStorage` from jotai/utils, which must share jotai's one store. */
export const JOTAI = `import { atom, useAtom, useAtomValue } from 'jotai';
import { atomWithStorage, useResetAtom, RESET } from 'jotai/utils';
const themeAtom = atomWithStorage('theme', 'light');
const countAtom = atom(0);
const doubled = atom((get) => get(countAtom) * 2);
export default function Counter() {
  const [c, setC] = useAtom(countAtom);
  const [d] = useAtom(doubled);
  const [theme, setTheme] = useAtom(themeAtom);
  const resetTheme = useResetAtom(themeAtom);
  const c2 = useAtomValue(countAtom);
  return <div className="p-6"><button id="inc" onClick={() => setC(c + 1)}>+</button><span id="v">{c} {d}</span><button id="th" onClick={() => setTheme(theme === 'light' ? 'dark' : 'light')}>{theme}</button><button id="reset" onClick={() => (c2 > 5 ? setTheme(RESET) : resetTheme())}>Reset</button></div>;
}
`;

/** TypeScript the models write into a .tsx: enums (const too), `as const satisfies`, interface merging, abstract classes with parameter properties, `declare global`, generic arrows (`<T,>`), an exhaustive `never`, and a `useReducer` state machine. */
export const TS_SHAPES = `import React, { useReducer, useState } from "react";

enum Status { Todo = "todo", Doing = "doing", Done = "done" }
const enum Priority { Low, High }
const COLORS = { todo: "bg-slate-200", doing: "bg-amber-200", done: "bg-emerald-200" } as const satisfies Record<Status, string>;
type Color = (typeof COLORS)[keyof typeof COLORS];
interface Task { id: number; title: string; status: Status }
interface Task { priority?: Priority }
const Util = { label: (s: Status): string => s.toUpperCase() };
abstract class Store<T> { protected constructor(public items: T[]) {} abstract add(item: T): void; }
class TaskStore extends Store<Task> { constructor() { super([]); } add(item: Task) { this.items.push(item); } }
declare global { interface Window { __tasks?: Task[] } }
function first<T>(xs: readonly T[]): T | undefined { return xs[0]; }
const pick = <T,>(xs: T[], i: number): T => xs[i];
type Action = { type: "add"; title: string } | { type: "advance"; id: number };
function reducer(state: Task[], action: Action): Task[] {
  switch (action.type) {
    case "add": return [...state, { id: state.length + 1, title: action.title, status: Status.Todo, priority: Priority.High }];
    case "advance": return state.map((t) => t.id !== action.id ? t : { ...t, status: t.status === Status.Todo ? Status.Doing : Status.Done });
    default: { const _never: never = action; return state; }
  }
}
export default function Board(): JSX.Element {
  const [tasks, dispatch] = useReducer(reducer, [] as Task[]);
  const [title, setTitle] = useState<string>("");
  const store = new TaskStore(); store.add({ id: 0, title: "x", status: Status.Todo });
  return (
    <div className="p-6 space-y-3">
      <p id="first">{first(store.items)?.title}{pick<string>(["a", "b"], 1)}{Util.label(Status.Done)}</p>
      <input id="title" value={title} onChange={(e: React.ChangeEvent<HTMLInputElement>) => setTitle(e.target.value)} className="border p-1" />
      <button id="add" onClick={() => { dispatch({ type: "add", title }); setTitle(""); }} className="ml-2 bg-blue-600 text-white px-2">Add</button>
      <ul>{tasks.map((t) => <li key={t.id} className={COLORS[t.status] as Color} onClick={() => dispatch({ type: "advance", id: t.id })}>{t.title}: {t.status}</li>)}</ul>
    </div>
  );
}
`;

/** Claude's canvas game: a `requestAnimationFrame` loop and arrow keys on `window`. */
export const SNAKE = `import React, { useEffect, useRef, useState, useCallback } from 'react';
const GRID = 20, CELL = 20;
export default function SnakeGame() {
  const canvasRef = useRef(null);
  const [score, setScore] = useState(0);
  const [running, setRunning] = useState(false);
  const state = useRef({ snake: [{x:10,y:10}], dir: {x:1,y:0}, food: {x:15,y:10}, last: 0 });
  const draw = useCallback(() => {
    const ctx = canvasRef.current.getContext('2d');
    ctx.fillStyle = '#111827'; ctx.fillRect(0,0,GRID*CELL,GRID*CELL);
    ctx.fillStyle = '#ef4444'; const f = state.current.food; ctx.fillRect(f.x*CELL,f.y*CELL,CELL-2,CELL-2);
    ctx.fillStyle = '#22c55e'; state.current.snake.forEach(s => ctx.fillRect(s.x*CELL,s.y*CELL,CELL-2,CELL-2));
  }, []);
  useEffect(() => {
    const onKey = (e) => {
      const d = { ArrowUp:{x:0,y:-1}, ArrowDown:{x:0,y:1}, ArrowLeft:{x:-1,y:0}, ArrowRight:{x:1,y:0} }[e.key];
      if (d) { e.preventDefault(); state.current.dir = d; }
      if (e.key === ' ') setRunning(r => !r);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  useEffect(() => {
    draw();
    if (!running) return;
    let id;
    const loop = (t) => {
      if (t - state.current.last > 120) {
        state.current.last = t;
        const s = state.current; const head = { x: (s.snake[0].x + s.dir.x + GRID) % GRID, y: (s.snake[0].y + s.dir.y + GRID) % GRID };
        s.snake.unshift(head);
        if (head.x === s.food.x && head.y === s.food.y) { setScore(x => x + 1); s.food = { x: Math.floor(Math.random()*GRID), y: Math.floor(Math.random()*GRID) }; } else s.snake.pop();
        draw();
      }
      id = requestAnimationFrame(loop);
    };
    id = requestAnimationFrame(loop);
    return () => cancelAnimationFrame(id);
  }, [running, draw]);
  return (
    <div className="flex flex-col items-center gap-4 p-6 bg-gray-900 min-h-screen text-white">
      <h1 className="text-3xl font-bold">Snake</h1>
      <p id="score">Score: {score}</p>
      <canvas id="board" ref={canvasRef} width={GRID*CELL} height={GRID*CELL} className="rounded-lg border-2 border-green-500" />
      <button id="start" onClick={() => setRunning(r => !r)} className="px-4 py-2 bg-green-600 rounded">{running ? 'Pause' : 'Start'}</button>
    </div>
  );
}
`;

/** A chat screen's answer with code (ChatGPT, Claude): react-markdown's code blocks drawn by react-syntax-highlighter's Prism with oneDark, a copy button, a language no answer names often drawn plain. */
export const CHAT_CODE = `import React, { useState } from "react";
import ReactMarkdown from "react-markdown";
import { Prism as SyntaxHighlighter } from "react-syntax-highlighter";
import { oneDark } from "react-syntax-highlighter/dist/esm/styles/prism";
import { Copy, Check } from "lucide-react";

const answer = \`Here's the function:

\\\`\\\`\\\`tsx
export function add(a: number, b: number) {
  return a + b;
}
\\\`\\\`\\\`

And in Python:

\\\`\\\`\\\`py
def add(a, b):
    return a + b
\\\`\\\`\\\`

Or esoteric:

\\\`\\\`\\\`befunge
>:#,_@
\\\`\\\`\\\`

Call \\\`add(1, 2)\\\`.\`;

function CodeBlock({ language, value }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="relative my-4 rounded-lg overflow-hidden" data-lang={language}>
      <div className="flex items-center justify-between bg-zinc-800 px-4 py-1 text-xs text-zinc-300">
        <span>{language}</span>
        <button onClick={() => { setCopied(true); }} className="flex items-center gap-1">{copied ? <Check size={14} /> : <Copy size={14} />}{copied ? "Copied" : "Copy"}</button>
      </div>
      <SyntaxHighlighter language={language} style={oneDark} customStyle={{ margin: 0, borderRadius: 0 }} showLineNumbers>
        {value}
      </SyntaxHighlighter>
    </div>
  );
}

export default function ChatMessage() {
  return (
    <div className="max-w-2xl mx-auto p-6">
      <div className="rounded-2xl bg-zinc-100 p-4 text-zinc-900">
        <ReactMarkdown
          components={{
            code({ node, inline, className, children, ...props }) {
              const match = /language-(\\w+)/.exec(className || "");
              return match ? (
                <CodeBlock language={match[1]} value={String(children).replace(/\\n$/, "")} />
              ) : (
                <code className="rounded bg-zinc-200 px-1 font-mono text-sm" {...props}>{children}</code>
              );
            },
          }}
        >
          {answer}
        </ReactMarkdown>
      </div>
    </div>
  );
}
`;

/** A snippet card (ChatGPT canvas): the package's default export, highlight.js's, with a theme from its CommonJS styles. */
export const HLJS_SNIPPET = `import SyntaxHighlighter from 'react-syntax-highlighter';
import { atomOneDark } from 'react-syntax-highlighter/dist/cjs/styles/hljs';

const code = \`SELECT name, count(*) AS n
FROM users
WHERE active = true
GROUP BY name;\`;

export default function Snippet() {
  return (
    <div style={{ padding: 24, maxWidth: 600 }}>
      <h3 style={{ fontFamily: 'system-ui' }}>Active users</h3>
      <SyntaxHighlighter id="sql" language="sql" style={atomOneDark} wrapLongLines>
        {code}
      </SyntaxHighlighter>
    </div>
  );
}
`;

/** A ChatGPT canvas styled with styled-components: a theme, props and transient props, `css`, `attrs`, `keyframes` and a global style. */
export const STYLED_CARDS = `import React, { useState } from 'react';
import styled, { ThemeProvider, createGlobalStyle, css, keyframes } from 'styled-components';

const theme = { primary: '#4f46e5', radius: '12px' };

const GlobalStyle = createGlobalStyle\`
  .app-root { font-family: system-ui, sans-serif; }
\`;

const fadeIn = keyframes\`
  from { opacity: 0; transform: translateY(4px); }
  to { opacity: 1; transform: none; }
\`;

const Card = styled.div\`
  background: white;
  border-radius: \${({ theme }) => theme.radius};
  padding: 24px;
  box-shadow: 0 1px 3px rgba(0, 0, 0, 0.1);
  animation: \${fadeIn} 0.2s ease-out;
\`;

const Button = styled.button.attrs({ type: 'button' })\`
  padding: 8px 16px;
  border: 2px solid \${({ theme }) => theme.primary};
  border-radius: 8px;
  \${({ $primary, theme }) => $primary ? css\`
    background: \${theme.primary};
    color: white;
  \` : css\`
    background: transparent;
    color: \${theme.primary};
  \`}
\`;

const Count = styled.span\`
  font-size: 32px;
  font-weight: 700;
  color: \${(p) => (p.$n > 2 ? '#dc2626' : '#111827')};
\`;

export default function App() {
  const [n, setN] = useState(0);
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <div className="app-root" style={{ padding: 32, background: '#f3f4f6' }}>
        <Card id="card">
          <Count id="count" $n={n}>{n}</Count>
          <div style={{ display: 'flex', gap: 8, marginTop: 16 }}>
            <Button id="inc" $primary onClick={() => setN(n + 1)}>Add</Button>
            <Button id="reset" onClick={() => setN(0)}>Reset</Button>
          </div>
        </Card>
      </div>
    </ThemeProvider>
  );
}
`;

/** A search box (ChatGPT, Bolt) debounced with use-debounce: a value and a callback. */
export const DEBOUNCED_SEARCH = `import { useState } from 'react';
import { useDebounce, useDebouncedCallback } from 'use-debounce';

const FRUITS = ['Apple', 'Apricot', 'Banana', 'Blueberry', 'Cherry'];

export default function Search() {
  const [query, setQuery] = useState('');
  const [debounced] = useDebounce(query, 300);
  const [saved, setSaved] = useState('');
  const save = useDebouncedCallback((value) => setSaved(value), 300);
  const results = FRUITS.filter((f) => f.toLowerCase().includes(debounced.toLowerCase()));
  return (
    <div className="p-6 max-w-sm space-y-2">
      <input id="q" className="w-full rounded border px-3 py-2" value={query}
        onChange={(e) => { setQuery(e.target.value); save(e.target.value); }} placeholder="Search fruit" />
      <p id="saved" className="text-sm text-gray-500">Saved: {saved}</p>
      <ul id="results">{results.map((r) => <li key={r}>{r}</li>)}</ul>
    </div>
  );
}
`;

/** A Claude artifact with a dark page in a global `<style>` (body colours and font, every h1) and v0's styled-jsx `<style jsx>`, unscoped outside Next.js. */
export const GLOBAL_CSS_DARK = `import React from 'react';

export default function Terminal() {
  return (
    <div className="shell">
      <style>{\`
        body { background: #0f172a; color: #e2e8f0; font-family: 'Courier New', monospace; letter-spacing: 0.05em; }
        h1 { color: #f472b6; text-transform: uppercase; letter-spacing: 0.2em; font-family: Georgia, serif; }
        header { background: #000; }
      \`}</style>
      <style jsx>{\`
        .shell { padding: 32px; min-height: 100vh; background: #0f172a; }
        h1 { text-shadow: 0 0 8px #f472b6; }
      \`}</style>
      <h1 id="title">Retro terminal</h1>
      <p id="line">&gt; ready_</p>
    </div>
  );
}
`;

/** A .tsx with a namespace of values (a model's "utils" grouping), which Sucrase drops whole. */
export const TS_NAMESPACE_VALUES = `import React from "react";

type Unit = "c" | "f";

namespace Temperature {
  export const toF = (c: number): number => c * 9 / 5 + 32;
  export function label(v: number, u: Unit): string { return v.toFixed(1) + "°" + u.toUpperCase(); }
}

export default function Converter() {
  const [c, setC] = React.useState<number>(20);
  return <p id="t">{Temperature.label(Temperature.toF(c), "f")}</p>;
}
`;

/** A .tsx with a namespace of types alone, which is fine (types are erased), and a C# sample with a namespace in a template literal. */
export const TS_NAMESPACE_TYPES = `import React from "react";

namespace API {
  export interface User { id: number; name: string }
  export type Role = "admin" | "user";
}

const users: API.User[] = [{ id: 1, name: "Ada" }];
// A C# sample shown as code: its namespace is text, not TypeScript.
const sample = \`namespace Shop {
  public class Cart { }
}
var cart = new Shop.Cart();\`;
const role: API.Role = "admin";

export default function Users() {
  return <div><ul id="u">{users.map((u) => <li key={u.id}>{u.name} ({role})</li>)}</ul><pre id="cs">{sample}</pre></div>;
}
`;
