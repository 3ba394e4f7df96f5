// More single-file React components in the styles the AI tools write them (issue 25), each of a
// pattern tests/support/ai-components.mjs does not cover: v0's TypeScript and direct
// class-variance-authority / clsx / tailwind-merge imports and "/placeholder.svg" images, Claude's
// shared window.storage, window.fs.readFile with an encoding, SheetJS, OrbitControls, Tone.js,
// ChatGPT canvas's React.useState and "@/components/ui/card.jsx" paths and newer lucide icon names,
// Gemini Canvas's Firebase and Google AI Studio's @google/genai. Written here, not copied.

export const V0_TYPESCRIPT = `"use client"

import * as React from "react"
import { cva, type VariantProps } from "class-variance-authority"
import { cn } from "@/lib/utils"
import { Button } from "@/components/ui/button"
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card"
import { ArrowUpRight, TrendingDown, TrendingUp } from "lucide-react"

enum Trend {
  Up = "up",
  Down = "down",
}

interface Metric {
  id: string
  label: string
  value: number
  trend: Trend
}

const statVariants = cva("inline-flex items-center gap-1 rounded-md px-2 py-0.5 text-xs font-medium", {
  variants: {
    tone: {
      good: "bg-emerald-100 text-emerald-700",
      bad: "bg-rose-100 text-rose-700",
    },
  },
  defaultVariants: { tone: "good" },
})

type StatProps = React.HTMLAttributes<HTMLSpanElement> & VariantProps<typeof statVariants>

export function Stat({ className, tone, ...props }: StatProps) {
  return <span className={cn(statVariants({ tone }), className)} {...props} />
}

const RANGES = ["7d", "30d", "90d"] as const
type Range = (typeof RANGES)[number]

const metrics = [
  { id: "rev", label: "Revenue", value: 48250, trend: Trend.Up },
  { id: "churn", label: "Churn", value: 3.2, trend: Trend.Down },
] satisfies Metric[]

function sortBy<T, K extends keyof T>(items: readonly T[], key: K): T[] {
  return [...items].sort((a, b) => (a[key] < b[key] ? -1 : 1))
}

export default function Page() {
  const [range, setRange] = React.useState<Range>("30d")
  const sorted = sortBy(metrics, "label")
  return (
    <main className="mx-auto max-w-3xl p-6">
      <div className="mb-4 flex gap-2">
        {RANGES.map((r) => (
          <Button key={r} id={\`range-\${r}\`} variant={r === range ? "default" : "outline"} size="sm" onClick={() => setRange(r)}>
            {r}
          </Button>
        ))}
      </div>
      <p id="range" className="text-sm text-muted-foreground">Last {range}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        {sorted.map((m) => (
          <Card key={m.id}>
            <CardHeader className="flex flex-row items-center justify-between pb-2">
              <CardTitle className="text-sm font-medium">{m.label}</CardTitle>
              <ArrowUpRight className="h-4 w-4 text-muted-foreground" />
            </CardHeader>
            <CardContent>
              <div className="text-2xl font-bold">{m.value.toLocaleString("en-US")}</div>
              <Stat tone={m.trend === Trend.Up ? "good" : "bad"} id={\`stat-\${m.id}\`}>
                {m.trend === Trend.Up ? <TrendingUp className="h-3 w-3" /> : <TrendingDown className="h-3 w-3" />}
                {m.trend}
              </Stat>
            </CardContent>
          </Card>
        ))}
      </div>
    </main>
  )
}
`;

export const V0_NAVIGATION = `"use client"

import { useState } from "react"
import Link from "next/link"
import Image from "next/image"
import { usePathname, useRouter, useSearchParams } from "next/navigation"
import { Inter } from "next/font/google"
import { clsx } from "clsx"
import { twMerge } from "tailwind-merge"
import { Input } from "@/components/ui/input"
import { Search } from "lucide-react"

const inter = Inter({ subsets: ["latin"], variable: "--font-inter" })

function classes(...inputs: (string | false | undefined)[]) {
  return twMerge(clsx(inputs))
}

const tabs = [
  { href: "#overview", label: "Overview" },
  { href: "#settings", label: "Settings" },
]

export default function Component() {
  const pathname = usePathname()
  const router = useRouter()
  const params = useSearchParams()
  const [q, setQ] = useState(params.get("q") ?? "")
  return (
    <div className={classes(inter.className, "min-h-screen bg-gray-50 p-8")}>
      <nav className="flex items-center gap-4 border-b pb-3">
        <Image src="/placeholder.svg?height=32&width=32" alt="Logo" width={32} height={32} className="rounded" />
        {tabs.map((t) => (
          <Link key={t.href} href={t.href} className={classes("text-sm", t.href === "#overview" && "font-semibold")}>
            {t.label}
          </Link>
        ))}
      </nav>
      <form
        onSubmit={(e) => {
          e.preventDefault()
          router.push(\`?q=\${encodeURIComponent(q)}\`)
        }}
        className="relative mt-4 max-w-sm"
      >
        <Search className="absolute left-2.5 top-2.5 h-4 w-4 text-gray-500" />
        <Input id="q" value={q} onChange={(e) => setQ(e.target.value)} placeholder="Search..." className="pl-8" />
      </form>
      <p id="where" className="mt-2 text-xs text-gray-500">{pathname} {params.get("q") ?? "-"}</p>
    </div>
  )
}
`;

export const SHARED_GUESTBOOK = `import React, { useState, useEffect } from 'react';
import { Trash2, Users, User } from 'lucide-react';

const Guestbook = () => {
  const [entries, setEntries] = useState([]);
  const [myNotes, setMyNotes] = useState([]);
  const [text, setText] = useState('');
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    loadAll();
  }, []);

  const loadAll = async () => {
    try {
      const shared = await window.storage.list('entry:', true);
      const items = [];
      for (const key of shared.keys) {
        const r = await window.storage.get(key, true);
        if (r) items.push({ key, ...JSON.parse(r.value) });
      }
      setEntries(items.sort((a, b) => a.at - b.at));
      // A key not set yet rejects (Claude's documentation), so the first visit has no notes.
      const mine = await window.storage.get('my-notes').catch(() => null);
      setMyNotes(mine ? JSON.parse(mine.value) : []);
    } catch (err) {
      console.log('No data yet');
    } finally {
      setLoading(false);
    }
  };

  const add = async () => {
    if (!text.trim()) return;
    const at = Date.now();
    const key = \`entry:\${at}\`;
    await window.storage.set(key, JSON.stringify({ text, at }), true);
    const notes = [...myNotes, text];
    await window.storage.set('my-notes', JSON.stringify(notes));
    setMyNotes(notes);
    setText('');
    await loadAll();
  };

  const remove = async (key) => {
    await window.storage.delete(key, true);
    await loadAll();
  };

  if (loading) return <div className="p-8 text-gray-500">Loading...</div>;

  return (
    <div className="max-w-md mx-auto p-6 bg-white rounded-lg shadow">
      <h1 className="text-xl font-bold mb-4 flex items-center gap-2"><Users className="w-5 h-5" /> Guestbook</h1>
      <div className="flex gap-2 mb-4">
        <input id="text" className="flex-1 border rounded px-2 py-1" value={text} onChange={(e) => setText(e.target.value)} />
        <button id="add" onClick={add} className="bg-indigo-600 text-white px-3 py-1 rounded">Sign</button>
      </div>
      <ul id="entries" className="space-y-2">
        {entries.map((e) => (
          <li key={e.key} className="flex justify-between items-center border-b pb-1">
            <span>{e.text}</span>
            <button aria-label="delete" onClick={() => remove(e.key)}><Trash2 className="w-4 h-4 text-red-500" /></button>
          </li>
        ))}
      </ul>
      <p id="mine" className="mt-4 text-sm text-gray-600 flex items-center gap-1"><User className="w-4 h-4" /> You signed {myNotes.length} times</p>
    </div>
  );
};

export default Guestbook;
`;

export const CSV_ANALYSIS = `import React, { useState, useEffect } from 'react';
import Papa from 'papaparse';
import _ from 'lodash';
import { BarChart, Bar, XAxis, YAxis, Tooltip, ResponsiveContainer } from 'recharts';

const SalesAnalysis = () => {
  const [data, setData] = useState([]);
  const [error, setError] = useState(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    const load = async () => {
      try {
        const csv = await window.fs.readFile('sales_data.csv', { encoding: 'utf8' });
        const parsed = Papa.parse(csv, { header: true, dynamicTyping: true, skipEmptyLines: true });
        const byRegion = _.groupBy(parsed.data, 'region');
        setData(Object.entries(byRegion).map(([region, rows]) => ({ region, total: _.sumBy(rows, 'amount') })));
      } catch (err) {
        setError('Could not read sales_data.csv');
      } finally {
        setLoading(false);
      }
    };
    load();
  }, []);

  if (loading) return <div className="p-4">Loading data...</div>;
  if (error) return <div id="error" className="p-4 text-red-600">{error}</div>;
  return (
    <div className="p-4 h-96">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data}><XAxis dataKey="region" /><YAxis /><Tooltip /><Bar dataKey="total" fill="#8884d8" /></BarChart>
      </ResponsiveContainer>
    </div>
  );
};

export default SalesAnalysis;
`;

export const XLSX_BUDGET = `import React, { useState, useEffect } from 'react';
import * as XLSX from 'xlsx';
import { FileSpreadsheet } from 'lucide-react';

export default function BudgetViewer() {
  const [rows, setRows] = useState([]);
  const [status, setStatus] = useState('Reading budget.xlsx…');

  useEffect(() => {
    (async () => {
      try {
        const buffer = await window.fs.readFile('budget.xlsx');
        const workbook = XLSX.read(buffer, { cellStyles: true, cellFormulas: true, cellDates: true });
        const sheet = workbook.Sheets[workbook.SheetNames[0]];
        setRows(XLSX.utils.sheet_to_json(sheet, { header: 1 }));
        setStatus('');
      } catch (e) {
        setStatus('The spreadsheet could not be read.');
      }
    })();
  }, []);

  const exportRows = () => {
    try {
      const sheet = XLSX.utils.json_to_sheet([{ item: 'Rent', amount: 1200 }]);
      const book = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(book, sheet, 'Budget');
      XLSX.writeFile(book, 'budget-export.xlsx');
    } catch (e) {
      setStatus('Export failed.');
    }
  };

  return (
    <div className="p-6">
      <h1 className="text-2xl font-bold flex items-center gap-2"><FileSpreadsheet className="w-6 h-6 text-green-600" /> Budget</h1>
      <button id="export" onClick={exportRows} className="mt-2 rounded bg-green-600 px-3 py-1 text-white">Export</button>
      <p id="status" className="text-gray-500">{status}</p>
      <table className="mt-4">{rows.map((r, i) => <tr key={i}>{r.map((c, j) => <td key={j}>{c}</td>)}</tr>)}</table>
    </div>
  );
}
`;

export const ORBIT_SCENE = `import React, { useRef, useEffect } from 'react';
import * as THREE from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls';

const Scene = () => {
  const mountRef = useRef(null);
  useEffect(() => {
    const mount = mountRef.current;
    const scene = new THREE.Scene();
    scene.background = new THREE.Color(0x111827);
    const camera = new THREE.PerspectiveCamera(60, mount.clientWidth / mount.clientHeight, 0.1, 100);
    camera.position.set(3, 3, 5);
    const renderer = new THREE.WebGLRenderer({ antialias: true });
    renderer.setSize(mount.clientWidth, mount.clientHeight);
    mount.appendChild(renderer.domElement);
    const controls = new OrbitControls(camera, renderer.domElement);
    controls.enableDamping = true;
    const mesh = new THREE.Mesh(new THREE.TorusKnotGeometry(1, 0.3, 100, 16), new THREE.MeshNormalMaterial());
    scene.add(mesh);
    let id;
    const animate = () => {
      id = requestAnimationFrame(animate);
      mesh.rotation.y += 0.01;
      controls.update();
      renderer.render(scene, camera);
    };
    animate();
    return () => {
      cancelAnimationFrame(id);
      mount.removeChild(renderer.domElement);
      renderer.dispose();
    };
  }, []);
  return <div ref={mountRef} id="mount" style={{ width: '100%', height: '400px' }} />;
};

export default Scene;
`;

export const TONE_KEYS = `import React, { useState } from 'react';
import * as Tone from 'tone';
import { Play, Square } from 'lucide-react';

const NOTES = ['C4', 'D4', 'E4', 'G4', 'A4'];

export default function Synth() {
  const [playing, setPlaying] = useState(false);
  const [last, setLast] = useState('-');
  const play = async (note) => {
    await Tone.start();
    const synth = new Tone.Synth().toDestination();
    synth.triggerAttackRelease(note, '8n');
    setLast(note);
  };
  return (
    <div className="p-6 space-y-4">
      <div className="flex gap-2">
        {NOTES.map((n) => (
          <button key={n} onClick={() => play(n)} className="w-12 h-24 bg-white border rounded-b shadow hover:bg-gray-100">{n}</button>
        ))}
      </div>
      <button onClick={() => setPlaying(!playing)} className="flex items-center gap-2 px-4 py-2 bg-purple-600 text-white rounded-lg">
        {playing ? <Square size={16} /> : <Play size={16} />} {playing ? 'Stop' : 'Play'}
      </button>
      <p id="last">Last: {last}</p>
    </div>
  );
}
`;

export const CANVAS_QUOTES = `import React from 'react';
import { Card, CardContent } from '@/components/ui/card.jsx';
import { Button } from '@/components/ui/button.jsx';
import { motion, AnimatePresence } from 'framer-motion';

const quotes = ['Stay hungry.', 'Ship it.', 'Less is more.'];

const App = () => {
  const [index, setIndex] = React.useState(0);
  const [count, setCount] = React.useState(0);
  React.useEffect(() => {
    document.title = \`Quote \${index + 1}\`;
  }, [index]);
  return (
    <div className="flex flex-col items-center justify-center min-h-screen bg-gradient-to-br from-slate-100 to-slate-300 p-4">
      <Card className="w-full max-w-md shadow-xl rounded-2xl">
        <CardContent className="p-6 text-center">
          <AnimatePresence mode="wait">
            <motion.p key={index} id="quote" initial={{ opacity: 0, y: 10 }} animate={{ opacity: 1, y: 0 }} exit={{ opacity: 0, y: -10 }} className="text-xl font-semibold mb-4">
              {quotes[index]}
            </motion.p>
          </AnimatePresence>
          <motion.div layout className="flex gap-2 justify-center">
            <Button id="next" onClick={() => { setIndex((index + 1) % quotes.length); setCount(count + 1); }}>Next Quote</Button>
          </motion.div>
          <p id="count" className="mt-2 text-sm text-gray-500">Seen {count}</p>
        </CardContent>
      </Card>
    </div>
  );
};

export default App;
`;

export const NEWER_ICONS = `import React, { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Binoculars, ChartNoAxesColumn, House, Settings } from 'lucide-react';

export default function App() {
  const [on, setOn] = useState(false);
  return (
    <div className="p-6 space-y-4">
      <h1 id="title" className="text-2xl font-bold flex items-center gap-2"><House className="h-6 w-6" /> Home</h1>
      <p className="flex items-center gap-2"><ChartNoAxesColumn className="h-4 w-4" /> Stats</p>
      <p id="watch" className="flex items-center gap-2"><Binoculars className="h-4 w-4 text-blue-600" /> Watch list</p>
      <Button id="toggle" onClick={() => setOn(!on)}><Settings className="mr-2 h-4 w-4" />{on ? 'On' : 'Off'}</Button>
    </div>
  );
}
`;

export const FIREBASE_TODOS = `import React, { useState, useEffect } from 'react';
import { initializeApp } from 'firebase/app';
import { getAuth, signInAnonymously, signInWithCustomToken, onAuthStateChanged } from 'firebase/auth';
import { getFirestore, collection, addDoc, onSnapshot, query, serverTimestamp } from 'firebase/firestore';

const firebaseConfig = typeof __firebase_config !== 'undefined' ? JSON.parse(__firebase_config) : {};
const appId = typeof __app_id !== 'undefined' ? __app_id : 'default-app-id';

const app = initializeApp(firebaseConfig);
const auth = getAuth(app);
const db = getFirestore(app);

export default function App() {
  const [userId, setUserId] = useState(null);
  const [todos, setTodos] = useState([]);
  const [text, setText] = useState('');
  const [isAuthReady, setIsAuthReady] = useState(false);

  useEffect(() => {
    const signIn = async () => {
      try {
        if (typeof __initial_auth_token !== 'undefined' && __initial_auth_token) {
          await signInWithCustomToken(auth, __initial_auth_token);
        } else {
          await signInAnonymously(auth);
        }
      } catch (error) {
        console.error('Firebase auth error:', error);
      }
    };
    const unsubscribe = onAuthStateChanged(auth, (user) => {
      setUserId(user ? user.uid : crypto.randomUUID());
      setIsAuthReady(true);
    });
    signIn();
    return () => unsubscribe();
  }, []);

  useEffect(() => {
    if (!isAuthReady || !userId) return;
    const q = query(collection(db, \`artifacts/\${appId}/users/\${userId}/todos\`));
    const unsub = onSnapshot(q, (snapshot) => {
      setTodos(snapshot.docs.map((d) => ({ id: d.id, ...d.data() })));
    }, (error) => console.error('Error fetching todos:', error));
    return () => unsub();
  }, [isAuthReady, userId]);

  const add = async () => {
    if (!text) return;
    await addDoc(collection(db, \`artifacts/\${appId}/users/\${userId}/todos\`), { text, createdAt: serverTimestamp() });
    setText('');
  };

  if (!isAuthReady) return <div className="flex items-center justify-center h-screen"><div className="animate-spin rounded-full h-12 w-12 border-b-2 border-blue-500"></div></div>;

  return (
    <div className="min-h-screen bg-gray-100 p-8 font-sans">
      <div className="max-w-md mx-auto bg-white rounded-xl shadow-md p-6">
        <h1 className="text-2xl font-bold text-gray-800 mb-4">My Todos</h1>
        <div className="flex gap-2"><input id="todo" className="flex-1 border rounded-lg px-3 py-2" value={text} onChange={(e) => setText(e.target.value)} /><button id="add" onClick={add} className="bg-blue-500 text-white px-4 py-2 rounded-lg">Add</button></div>
        <ul id="todos" className="mt-4">{todos.map((t) => <li key={t.id}>{t.text}</li>)}</ul>
        <p className="text-xs text-gray-400 mt-4">User ID: {userId}</p>
      </div>
    </div>
  );
}
`;

export const AI_STUDIO_WRITER = `import React, { useState } from 'react';
import ReactDOM from 'react-dom/client';
import { GoogleGenAI } from '@google/genai';

const ai = new GoogleGenAI({ apiKey: process.env.API_KEY });

const App: React.FC = () => {
  const [prompt, setPrompt] = useState<string>('');
  const [answer, setAnswer] = useState<string>('');
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState<boolean>(false);

  const ask = async () => {
    setLoading(true);
    setError(null);
    try {
      const response = await ai.models.generateContent({ model: 'gemini-2.5-flash', contents: prompt });
      setAnswer(response.text ?? '');
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Something went wrong');
    } finally {
      setLoading(false);
    }
  };

  return (
    <div className="min-h-screen bg-gray-900 text-white p-8">
      <h1 id="title" className="text-3xl font-bold text-cyan-400">Gemini Story Writer</h1>
      <textarea id="prompt" className="w-full mt-4 bg-gray-800 rounded p-2" value={prompt} onChange={(e) => setPrompt(e.target.value)} />
      <button id="ask" onClick={ask} disabled={loading} className="mt-2 bg-cyan-600 px-4 py-2 rounded">{loading ? 'Writing…' : 'Write'}</button>
      {error && <p id="error" className="text-red-400 mt-2">{error}</p>}
      <p id="answer">{answer}</p>
    </div>
  );
};

const rootElement = document.getElementById('root');
if (!rootElement) {
  throw new Error("Could not find root element to mount to");
}
const root = ReactDOM.createRoot(rootElement);
root.render(
  <React.StrictMode>
    <App />
  </React.StrictMode>
);
`;

export const D3_BARS = `import React, { useRef, useEffect } from 'react';
import * as d3 from 'd3';

const data = [{ name: 'A', value: 30 }, { name: 'B', value: 80 }, { name: 'C', value: 45 }];

export default function D3Bars() {
  const ref = useRef();
  useEffect(() => {
    const svg = d3.select(ref.current);
    svg.selectAll('*').remove();
    const width = 400, height = 200, margin = { top: 10, right: 10, bottom: 30, left: 40 };
    const x = d3.scaleBand().domain(data.map((d) => d.name)).range([margin.left, width - margin.right]).padding(0.1);
    const y = d3.scaleLinear().domain([0, d3.max(data, (d) => d.value)]).nice().range([height - margin.bottom, margin.top]);
    svg.append('g').attr('transform', \`translate(0,\${height - margin.bottom})\`).call(d3.axisBottom(x));
    svg.append('g').attr('transform', \`translate(\${margin.left},0)\`).call(d3.axisLeft(y));
    svg.selectAll('rect').data(data).join('rect').attr('class', 'bar').attr('x', (d) => x(d.name)).attr('y', (d) => y(d.value)).attr('height', (d) => y(0) - y(d.value)).attr('width', x.bandwidth()).attr('fill', 'steelblue');
  }, []);
  return <svg ref={ref} width={400} height={200} />;
}
`;

export const MATRIX_TOOL = `import React, { useState } from 'react';
import * as math from 'mathjs';
import _ from 'lodash';
import { debounce } from 'lodash';

export default function MatrixTool() {
  const [expr, setExpr] = useState('det([[1,2],[3,4]])');
  const [result, setResult] = useState('');
  const run = () => {
    try {
      setResult(math.format(math.evaluate(expr), { precision: 6 }));
    } catch (e) {
      setResult('Error: ' + e.message);
    }
  };
  const stats = _.chain([3, 1, 2]).sortBy().map((n) => n * 2).value();
  return (
    <div className="p-4 font-mono">
      <input id="expr" value={expr} onChange={(e) => setExpr(e.target.value)} className="border p-1 w-80" />
      <button id="go" onClick={run} className="ml-2 px-2 py-1 bg-gray-800 text-white">=</button>
      <p id="result">{result}</p>
      <p id="stats">{stats.join(',')} {typeof debounce}</p>
      <p id="unit">{math.unit('5 cm').to('inch').toString()}</p>
    </div>
  );
}
`;

export const CDN_COUNTER = `// Requires Tailwind CSS: <script src="https://cdn.tailwindcss.com"></script>
import React, { useState } from "react";
import ReactDOM from "react-dom/client";

function Counter() {
  const [n, setN] = useState(0);
  return (
    <div className="min-h-screen flex items-center justify-center bg-[#0f172a]">
      <button id="inc" onClick={() => setN(n + 1)} className="px-6 py-3 rounded-xl bg-emerald-500 text-white text-lg font-semibold shadow-lg">Clicked {n} times</button>
    </div>
  );
}

const root = ReactDOM.createRoot(document.getElementById("root"));
root.render(<Counter />);
`;

export const PLOTLY_TREND = `import React, { useEffect, useRef } from 'react';
import Plotly from 'plotly.js-dist';

export default function Surface() {
  const ref = useRef(null);
  useEffect(() => {
    Plotly.newPlot(ref.current, [{ x: [1, 2, 3], y: [2, 6, 3], type: 'scatter', mode: 'lines+markers' }], { title: 'Trend' });
  }, []);
  return <div ref={ref} id="plot" style={{ width: 600, height: 400 }} />;
}
`;

export const V0_CONTACTS = `import { Badge } from "@/components/ui/badge"
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar"
import { type LucideIcon, Mail, Phone } from "lucide-react"

interface Contact {
  name: string
  email: string
  icon: LucideIcon
}

const contacts: Contact[] = [
  { name: "Olivia Martin", email: "olivia@example.com", icon: Mail },
  { name: "Jackson Lee", email: "jackson@example.com", icon: Phone },
]

export function Component() {
  return (
    <div className="space-y-4 p-6">
      {contacts.map(({ name, email, icon: Icon }) => (
        <div key={email} className="flex items-center gap-4">
          <Avatar>
            <AvatarImage src="/placeholder-user.jpg" alt={name} />
            <AvatarFallback>{name.split(" ").map((p) => p[0]).join("")}</AvatarFallback>
          </Avatar>
          <div className="flex-1">
            <p className="text-sm font-medium leading-none">{name}</p>
            <p className="text-sm text-muted-foreground">{email}</p>
          </div>
          <Badge variant="secondary"><Icon className="h-3 w-3" /></Badge>
          <img src="/placeholder.svg?height=40&width=40" alt="" className="rounded-md" />
        </div>
      ))}
    </div>
  )
}
`;

export const PIE_VOTES = `import { useState, useReducer } from "react";
import { PieChart, Pie, Cell, Legend, Tooltip } from "recharts";

const COLORS = ['#0088FE', '#00C49F', '#FFBB28'];
const reducer = (state, action) => action.type === 'inc' ? { ...state, [action.key]: state[action.key] + 1 } : state;

export default () => {
  const [votes, dispatch] = useReducer(reducer, { Cats: 3, Dogs: 5, Fish: 1 });
  const data = Object.entries(votes).map(([name, value]) => ({ name, value }));
  return (
    <div className="p-4">
      <PieChart width={400} height={300}>
        <Pie data={data} dataKey="value" nameKey="name" cx="50%" cy="50%" outerRadius={100} label>
          {data.map((entry, i) => <Cell key={entry.name} fill={COLORS[i % COLORS.length]} />)}
        </Pie>
        <Tooltip /><Legend />
      </PieChart>
      {Object.keys(votes).map((k) => <button key={k} id={\`vote-\${k}\`} className="mr-2 px-2 border rounded" onClick={() => dispatch({ type: 'inc', key: k })}>{k}</button>)}
    </div>
  );
};
`;

export const GENERATIVE_AI_IDEAS = `import React, { useState } from 'react';
import { GoogleGenerativeAI } from '@google/generative-ai';
import { Sparkles } from 'lucide-react';

const genAI = new GoogleGenerativeAI(process.env.REACT_APP_GEMINI_API_KEY || '');

function App() {
  const [idea, setIdea] = useState('');
  const [err, setErr] = useState('');
  const go = async () => {
    try {
      const model = genAI.getGenerativeModel({ model: 'gemini-1.5-flash' });
      const result = await model.generateContent('Give me a startup idea');
      setIdea(result.response.text());
    } catch (e) {
      setErr('Could not reach Gemini');
    }
  };
  return (
    <div className="p-8 text-center">
      <button id="go" onClick={go} className="inline-flex items-center gap-2 bg-violet-600 text-white px-4 py-2 rounded-full"><Sparkles className="w-4 h-4" /> Inspire me</button>
      <p id="idea">{idea}</p>
      <p id="err" className="text-red-500">{err}</p>
    </div>
  );
}

export default App;
`;

export const CHARTJS_VISITORS = `import React, { useState } from 'react';
import { Chart as ChartJS, CategoryScale, LinearScale, BarElement, PointElement, LineElement, Title, Tooltip, Legend } from 'chart.js';
import { Bar, Line } from 'react-chartjs-2';

ChartJS.register(CategoryScale, LinearScale, BarElement, PointElement, LineElement, Title, Tooltip, Legend);

const labels = ['Jan', 'Feb', 'Mar', 'Apr'];

export default function App() {
  const [kind, setKind] = useState('bar');
  const data = {
    labels,
    datasets: [{ label: 'Visitors', data: [120, 190, 30, 50], backgroundColor: 'rgba(59, 130, 246, 0.5)', borderColor: 'rgb(59, 130, 246)' }],
  };
  const options = { responsive: true, animation: false, plugins: { legend: { position: 'top' }, title: { display: true, text: 'Monthly visitors' } } };
  return (
    <div className="max-w-2xl mx-auto p-6">
      <button id="switch" onClick={() => setKind(kind === 'bar' ? 'line' : 'bar')} className="mb-4 px-3 py-1 rounded bg-blue-600 text-white">
        Show {kind === 'bar' ? 'line' : 'bar'}
      </button>
      <div id="chart">{kind === 'bar' ? <Bar data={data} options={options} /> : <Line data={data} options={options} />}</div>
    </div>
  );
}
`;

export const ROUTER_APP = `import React from 'react';
import { BrowserRouter as Router, Routes, Route, Link, NavLink, useNavigate, useParams } from 'react-router-dom';

const recipes = [
  { id: '1', name: 'Pancakes' },
  { id: '2', name: 'Omelette' },
];

function Home() {
  return (
    <ul id="list" className="space-y-1">
      {recipes.map((r) => <li key={r.id}><Link to={\`/recipe/\${r.id}\`} className="text-blue-600 underline">{r.name}</Link></li>)}
    </ul>
  );
}

function Recipe() {
  const { id } = useParams();
  const navigate = useNavigate();
  const recipe = recipes.find((r) => r.id === id);
  return (
    <div>
      <h2 id="recipe" className="text-xl font-bold">{recipe ? recipe.name : 'Not found'}</h2>
      <button id="back" onClick={() => navigate(-1)} className="mt-2 border px-2 rounded">Back</button>
    </div>
  );
}

function App() {
  return (
    <Router>
      <nav className="flex gap-4 p-4 border-b">
        <NavLink to="/" end className={({ isActive }) => (isActive ? 'font-bold' : '')}>Recipes</NavLink>
      </nav>
      <main className="p-4">
        <Routes>
          <Route path="/" element={<Home />} />
          <Route path="/recipe/:id" element={<Recipe />} />
        </Routes>
      </main>
    </Router>
  );
}

export default App;
`;

export const V0_THEME_NOTES = `"use client"

import * as React from "react"
import { ThemeProvider, useTheme } from "next-themes"
import { MoonIcon, SunIcon, PlusIcon } from "@radix-ui/react-icons"
import { v4 as uuidv4 } from "uuid"
import { Button } from "@/components/ui/button"
import { Input } from "@/components/ui/input"

type Note = { id: string; text: string }

function ModeToggle() {
  const { resolvedTheme, setTheme } = useTheme()
  return (
    <Button id="mode" variant="outline" size="icon" onClick={() => setTheme(resolvedTheme === "dark" ? "light" : "dark")}>
      {resolvedTheme === "dark" ? <SunIcon className="h-[1.2rem] w-[1.2rem]" /> : <MoonIcon className="h-[1.2rem] w-[1.2rem]" />}
      <span className="sr-only">Toggle theme</span>
    </Button>
  )
}

function Notes() {
  const [notes, setNotes] = React.useState<Note[]>([])
  const [text, setText] = React.useState("")
  return (
    <div className="space-y-2">
      <div className="flex gap-2">
        <Input id="note" value={text} onChange={(e) => setText(e.target.value)} placeholder="New note" />
        <Button id="add" onClick={() => { setNotes([...notes, { id: uuidv4(), text }]); setText("") }}>
          <PlusIcon className="mr-2 h-4 w-4" /> Add
        </Button>
      </div>
      <ul id="notes">{notes.map((n) => <li key={n.id} data-id={n.id}>{n.text}</li>)}</ul>
    </div>
  )
}

export default function Page() {
  return (
    <ThemeProvider attribute="class" defaultTheme="light" enableSystem={false}>
      <div id="page" className="min-h-screen bg-background text-foreground p-6 space-y-4">
        <header className="flex items-center justify-between">
          <h1 className="text-2xl font-semibold">Notes</h1>
          <ModeToggle />
        </header>
        <Notes />
      </div>
    </ThemeProvider>
  )
}
`;

export const GEMINI_FETCH = `import React, { useState } from 'react';

const App = () => {
  const [out, setOut] = useState('');
  const [error, setError] = useState('');
  const generate = async () => {
    try {
      const apiKey = "";
      const apiUrl = \`https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash-preview-05-20:generateContent?key=\${apiKey}\`;
      const payload = { contents: [{ role: "user", parts: [{ text: "Write a haiku" }] }] };
      const response = await fetch(apiUrl, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(payload) });
      const result = await response.json();
      setOut(result.candidates[0].content.parts[0].text);
    } catch (e) {
      setError('Failed to generate: ' + e.message);
    }
  };
  return (
    <div className="p-6 font-inter">
      <button id="gen" onClick={generate} className="bg-indigo-500 text-white rounded-md px-4 py-2">✨ Generate haiku</button>
      <p id="out">{out}</p>
      <p id="error" className="text-red-600">{error}</p>
    </div>
  );
};

export default App;
`;

export const RELATIVE_UI = `import React, { useState } from "react";
import { Card, CardContent } from "./components/ui/card";
import { Button } from "../components/ui/button";
import { cn } from "../lib/utils";

export default function App() {
  const [on, setOn] = useState(false);
  return (
    <Card className="m-6 max-w-sm">
      <CardContent className={cn("p-6", on && "bg-green-50")}>
        <Button id="t" onClick={() => setOn(!on)}>{on ? "On" : "Off"}</Button>
      </CardContent>
    </Card>
  );
}
`;

export const MARKDOWN_CHAT = `import React, { useState } from 'react';
import ReactMarkdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import confetti from 'canvas-confetti';
import { Send } from 'lucide-react';

const ANSWER = \`## Your study plan

1. Read **chapter 3**
2. Do the \\\`practice set\\\`

| Day | Topic |
| --- | --- |
| Mon | Algebra |
| Tue | Geometry |

- [x] Make a plan
- [ ] Follow it

<script>alert('not run')</script>\`;

export default function StudyChat() {
  const [messages, setMessages] = useState([{ role: 'assistant', content: ANSWER }]);
  const [done, setDone] = useState(false);
  return (
    <div className="max-w-2xl mx-auto p-4 space-y-4">
      {messages.map((m, i) => (
        <div key={i} className="rounded-lg bg-gray-100 p-4 prose">
          <ReactMarkdown remarkPlugins={[remarkGfm]}>{m.content}</ReactMarkdown>
        </div>
      ))}
      <button
        id="finish"
        onClick={() => { confetti({ particleCount: 80, spread: 70, origin: { y: 0.6 } }); setDone(true); }}
        className="flex items-center gap-2 rounded bg-indigo-600 px-3 py-2 text-white"
      >
        <Send className="h-4 w-4" /> I finished!
      </button>
      {done && <p id="done">Great job!</p>}
    </div>
  );
}
`;

export const AXIOS_STATUS = `import React, { useEffect, useState } from 'react';
import axios from 'axios';
import { CheckCircle, XCircle } from 'lucide-react';

const api = axios.create({ timeout: 5000 });

export default function StatusCheck() {
  const [status, setStatus] = useState(null);
  const [error, setError] = useState('');
  useEffect(() => {
    api.get(window.location.href, { responseType: 'text' })
      .then((res) => setStatus(res.status))
      .catch((err) => setError(err.message));
  }, []);
  return (
    <div className="p-6 flex items-center gap-2">
      {status === 200 ? <CheckCircle className="text-green-600" /> : <XCircle className="text-red-600" />}
      <span id="status">{status ?? error ?? '...'}</span>
    </div>
  );
}
`;
