// Single-file React components of sweep 9, written the way each tool saves them (tests/react-kit-
// sweep9.browser.test.mjs): a Claude artifact downloaded as .jsx (`export default function App`)
// that reads an uploaded workbook with SheetJS and writes one back, a ChatGPT canvas .tsx kanban
// board on react-beautiful-dnd's API, a v0 block (`"use client"`, several `@/components/ui/*`), a
// Gemini Canvas app (`const App = () => …; export default App;`) on the Firebase globals Canvas
// gives it, React Router in one file, native fields for a dark viewer, and the libraries Plug does
// not provide.

/** Claude: an artifact that reads the workbook a person picks, charts it, and exports a summary. */
export const CLAUDE_WORKBOOK = `import React, { useState } from 'react';
import * as XLSX from 'xlsx';
import { BarChart, Bar, XAxis, YAxis, CartesianGrid, Tooltip, ResponsiveContainer } from 'recharts';
import { Upload, Download, FileSpreadsheet } from 'lucide-react';

export default function App() {
  const [rows, setRows] = useState([]);
  const [sheetName, setSheetName] = useState('');
  const [error, setError] = useState('');

  const handleFile = async (e) => {
    const file = e.target.files[0];
    if (!file) return;
    try {
      const data = await file.arrayBuffer();
      const workbook = XLSX.read(data, { type: 'array', cellDates: true });
      const name = workbook.SheetNames[0];
      setSheetName(name);
      setRows(XLSX.utils.sheet_to_json(workbook.Sheets[name]));
      setError('');
    } catch (err) {
      setError('Could not read the file: ' + err.message);
    }
  };

  const total = rows.reduce((sum, r) => sum + (Number(r.Revenue) || 0), 0);

  const exportSummary = () => {
    const summary = rows.map((r) => ({ Region: r.Region, Revenue: r.Revenue, Share: total ? Math.round((r.Revenue / total) * 100) + '%' : '0%' }));
    const ws = XLSX.utils.json_to_sheet(summary);
    ws['!cols'] = [{ wch: 14 }, { wch: 10 }, { wch: 8 }];
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, ws, 'Summary');
    XLSX.writeFile(wb, 'revenue-summary.xlsx');
  };

  return (
    <div className="min-h-screen bg-slate-50 p-8">
      <div className="max-w-3xl mx-auto space-y-6">
        <div className="flex items-center gap-3">
          <FileSpreadsheet className="w-8 h-8 text-emerald-600" />
          <h1 className="text-2xl font-bold text-slate-800">Revenue Explorer</h1>
        </div>
        <label className="flex items-center gap-2 w-fit cursor-pointer rounded-lg border-2 border-dashed border-slate-300 bg-white px-4 py-3 text-slate-600 hover:border-emerald-500">
          <Upload className="w-5 h-5" />
          <span>Upload an Excel file</span>
          <input id="file" type="file" accept=".xlsx,.xls,.csv" onChange={handleFile} className="hidden" />
        </label>
        {error && <p id="error" className="text-red-600">{error}</p>}
        {rows.length > 0 && (
          <div className="bg-white rounded-xl shadow p-6 space-y-4">
            <div className="flex items-center justify-between">
              <h2 id="sheet" className="font-semibold text-slate-700">{sheetName}</h2>
              <button id="export" onClick={exportSummary} className="flex items-center gap-2 rounded-lg bg-emerald-600 px-4 py-2 text-white hover:bg-emerald-700">
                <Download className="w-4 h-4" /> Export summary
              </button>
            </div>
            <p id="total" className="text-3xl font-bold text-emerald-700">{'$' + total.toLocaleString()}</p>
            <div id="chart" style={{ height: 260 }}>
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={rows}>
                  <CartesianGrid strokeDasharray="3 3" />
                  <XAxis dataKey="Region" />
                  <YAxis />
                  <Tooltip />
                  <Bar dataKey="Revenue" fill="#059669" isAnimationActive={false} />
                </BarChart>
              </ResponsiveContainer>
            </div>
            <table className="w-full text-left text-sm">
              <thead><tr className="border-b"><th className="py-2">Region</th><th>Revenue</th><th>Closed</th></tr></thead>
              <tbody>
                {rows.map((r, i) => (
                  <tr key={i} className="border-b last:border-0">
                    <td className="py-2">{r.Region}</td>
                    <td>{r.Revenue}</td>
                    <td>{r.Closed instanceof Date ? r.Closed.toISOString().slice(0, 10) : String(r.Closed)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </div>
  );
}
`;

/** The workbook a person uploads: openpyxl, a header row, four regions, a date column. */
export const REVENUE_WORKBOOK_PY = `
import sys, datetime
from openpyxl import Workbook
wb = Workbook()
ws = wb.active
ws.title = "Q3 Revenue"
ws.append(["Region", "Revenue", "Closed"])
for region, revenue, day in [("North", 42000, 3), ("South", 31500, 9), ("East", 27250, 17), ("West", 55800, 28)]:
    ws.append([region, revenue, datetime.date(2024, 9, day)])
wb.save(sys.argv[1])
`;

/** ChatGPT canvas: a .tsx kanban board on react-beautiful-dnd, as the models of 2023-24 write it. */
export const CHATGPT_KANBAN = `import React, { useState } from "react";
import { DragDropContext, Droppable, Draggable, DropResult } from "react-beautiful-dnd";
import { GripVertical, Plus } from "lucide-react";
import { v4 as uuidv4 } from "uuid";
import clsx from "clsx";

type Task = { id: string; title: string };
type Column = { id: string; title: string; taskIds: string[] };

const initialTasks: Record<string, Task> = {
  t1: { id: "t1", title: "Write the brief" },
  t2: { id: "t2", title: "Sketch the layout" },
  t3: { id: "t3", title: "Review copy" },
};

const initialColumns: Record<string, Column> = {
  todo: { id: "todo", title: "To do", taskIds: ["t1", "t2"] },
  doing: { id: "doing", title: "In progress", taskIds: ["t3"] },
  done: { id: "done", title: "Done", taskIds: [] },
};

export default function KanbanBoard() {
  const [tasks, setTasks] = useState(initialTasks);
  const [columns, setColumns] = useState(initialColumns);

  const onDragEnd = (result: DropResult) => {
    const { source, destination, draggableId } = result;
    if (!destination) return;
    if (source.droppableId === destination.droppableId && source.index === destination.index) return;
    const start = columns[source.droppableId];
    const finish = columns[destination.droppableId];
    const startIds = Array.from(start.taskIds);
    startIds.splice(source.index, 1);
    if (start === finish) {
      startIds.splice(destination.index, 0, draggableId);
      setColumns({ ...columns, [start.id]: { ...start, taskIds: startIds } });
      return;
    }
    const finishIds = Array.from(finish.taskIds);
    finishIds.splice(destination.index, 0, draggableId);
    setColumns({ ...columns, [start.id]: { ...start, taskIds: startIds }, [finish.id]: { ...finish, taskIds: finishIds } });
  };

  const addTask = () => {
    const id = uuidv4();
    setTasks({ ...tasks, [id]: { id, title: "New task" } });
    setColumns({ ...columns, todo: { ...columns.todo, taskIds: [...columns.todo.taskIds, id] } });
  };

  return (
    <div className="min-h-screen bg-gray-100 p-6">
      <div className="flex items-center justify-between mb-6">
        <h1 className="text-2xl font-bold text-gray-800">Project Board</h1>
        <button id="add" onClick={addTask} className="flex items-center gap-1 rounded-md bg-indigo-600 px-3 py-2 text-sm font-medium text-white hover:bg-indigo-700">
          <Plus className="h-4 w-4" /> Add task
        </button>
      </div>
      <DragDropContext onDragEnd={onDragEnd}>
        <div className="grid grid-cols-3 gap-4">
          {Object.values(columns).map((column) => (
            <div key={column.id} id={"col-" + column.id} className="rounded-lg bg-white p-4 shadow">
              <h2 className="mb-3 font-semibold text-gray-700">
                {column.title} <span className="count text-gray-400">({column.taskIds.length})</span>
              </h2>
              <Droppable droppableId={column.id}>
                {(provided, snapshot) => (
                  <div
                    ref={provided.innerRef}
                    {...provided.droppableProps}
                    className={clsx("min-h-[120px] space-y-2 rounded-md p-2 transition-colors", snapshot.isDraggingOver ? "bg-indigo-50" : "bg-gray-50")}
                  >
                    {column.taskIds.map((taskId, index) => (
                      <Draggable key={taskId} draggableId={taskId} index={index}>
                        {(provided, snapshot) => (
                          <div
                            ref={provided.innerRef}
                            {...provided.draggableProps}
                            {...provided.dragHandleProps}
                            className={clsx("task flex items-center gap-2 rounded-md border bg-white p-3 text-sm", snapshot.isDragging && "shadow-lg ring-2 ring-indigo-400")}
                          >
                            <GripVertical className="h-4 w-4 text-gray-400" />
                            {tasks[taskId].title}
                          </div>
                        )}
                      </Draggable>
                    ))}
                    {provided.placeholder}
                  </div>
                )}
              </Droppable>
            </div>
          ))}
        </div>
      </DragDropContext>
    </div>
  );
}
`;

/** v0: a block as v0 hands it over, "use client" and shadcn's parts from @/components/ui. */
export const V0_PRICING = `"use client"

import { useState } from "react"
import { Check, Sparkles } from "lucide-react"

import { Badge } from "@/components/ui/badge"
import { Button } from "@/components/ui/button"
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card"
import { Switch } from "@/components/ui/switch"
import { Label } from "@/components/ui/label"
import { cn } from "@/lib/utils"

const plans = [
  { name: "Starter", monthly: 9, features: ["3 projects", "Basic analytics"] },
  { name: "Pro", monthly: 29, features: ["Unlimited projects", "Advanced analytics", "Priority support"], popular: true },
  { name: "Team", monthly: 79, features: ["Everything in Pro", "SSO", "Audit log"] },
]

export default function Component() {
  const [yearly, setYearly] = useState(false)
  return (
    <section className="w-full py-12 md:py-24">
      <div className="container px-4 md:px-6">
        <div className="flex flex-col items-center space-y-4 text-center">
          <h2 className="text-3xl font-bold tracking-tighter sm:text-4xl">Simple, transparent pricing</h2>
          <div className="flex items-center space-x-2">
            <Label htmlFor="billing">Monthly</Label>
            <Switch id="billing" checked={yearly} onCheckedChange={setYearly} />
            <Label htmlFor="billing">Yearly</Label>
          </div>
        </div>
        <div className="mx-auto mt-8 grid max-w-5xl gap-6 md:grid-cols-3">
          {plans.map((plan) => (
            <Card key={plan.name} className={cn("flex flex-col", plan.popular && "border-primary shadow-lg")}>
              <CardHeader>
                <div className="flex items-center justify-between">
                  <CardTitle>{plan.name}</CardTitle>
                  {plan.popular && (
                    <Badge className="gap-1">
                      <Sparkles className="h-3 w-3" /> Popular
                    </Badge>
                  )}
                </div>
                <CardDescription>For {plan.name.toLowerCase()} needs</CardDescription>
              </CardHeader>
              <CardContent className="flex-1">
                <div className="price text-4xl font-bold">
                  \${yearly ? plan.monthly * 10 : plan.monthly}
                  <span className="text-sm font-normal text-muted-foreground">/{yearly ? "yr" : "mo"}</span>
                </div>
                <ul className="mt-4 space-y-2 text-sm">
                  {plan.features.map((f) => (
                    <li key={f} className="flex items-center gap-2">
                      <Check className="h-4 w-4 text-primary" /> {f}
                    </li>
                  ))}
                </ul>
              </CardContent>
              <CardFooter>
                <Button className="w-full" variant={plan.popular ? "default" : "outline"}>
                  Get started
                </Button>
              </CardFooter>
            </Card>
          ))}
        </div>
      </div>
    </section>
  )
}
`;

/** Gemini Canvas: an app on the Firebase project Canvas gives it, through its globals. */
export const GEMINI_NOTES = `import React, { useState, useEffect } from 'react';
import { initializeApp } from 'firebase/app';
import { getAuth, signInAnonymously, signInWithCustomToken, onAuthStateChanged } from 'firebase/auth';
import { getFirestore, collection, addDoc, onSnapshot, query, serverTimestamp } from 'firebase/firestore';

const firebaseConfig = typeof __firebase_config !== 'undefined' ? JSON.parse(__firebase_config) : {};
const appId = typeof __app_id !== 'undefined' ? __app_id : 'default-app-id';

const app = initializeApp(firebaseConfig);
const auth = getAuth(app);
const db = getFirestore(app);

const App = () => {
  const [userId, setUserId] = useState(null);
  const [notes, setNotes] = useState([]);
  const [text, setText] = useState('');

  useEffect(() => {
    const signIn = async () => {
      try {
        if (typeof __initial_auth_token !== 'undefined' && __initial_auth_token) {
          await signInWithCustomToken(auth, __initial_auth_token);
        } else {
          await signInAnonymously(auth);
        }
      } catch (error) {
        console.error("Error signing in:", error);
      }
    };
    const unsubscribe = onAuthStateChanged(auth, (user) => setUserId(user ? user.uid : null));
    signIn();
    return () => unsubscribe();
  }, []);

  useEffect(() => {
    if (!userId) return;
    const notesRef = collection(db, \`artifacts/\${appId}/users/\${userId}/notes\`);
    const unsubscribe = onSnapshot(query(notesRef), (snapshot) => {
      const list = snapshot.docs.map((doc) => ({ id: doc.id, ...doc.data() }));
      list.sort((a, b) => (a.createdAt?.seconds || 0) - (b.createdAt?.seconds || 0));
      setNotes(list);
    }, (error) => console.error("Error fetching notes:", error));
    return () => unsubscribe();
  }, [userId]);

  const addNote = async (e) => {
    e.preventDefault();
    if (!text.trim() || !userId) return;
    await addDoc(collection(db, \`artifacts/\${appId}/users/\${userId}/notes\`), { text: text.trim(), createdAt: serverTimestamp() });
    setText('');
  };

  return (
    <div className="min-h-screen bg-gradient-to-br from-purple-100 to-indigo-200 flex items-center justify-center p-4 font-sans">
      <div className="bg-white rounded-2xl shadow-xl w-full max-w-md p-6">
        <h1 className="text-3xl font-extrabold text-indigo-700 mb-4 text-center">Quick Notes</h1>
        {userId && <p id="user" className="text-xs text-gray-500 mb-4 break-all">User ID: {userId}</p>}
        <form onSubmit={addNote} className="flex gap-2 mb-4">
          <input id="note" value={text} onChange={(e) => setText(e.target.value)} placeholder="Write a note..." className="flex-1 rounded-lg border border-gray-300 px-3 py-2 focus:outline-none focus:ring-2 focus:ring-indigo-500" />
          <button type="submit" className="rounded-lg bg-indigo-600 px-4 py-2 font-semibold text-white hover:bg-indigo-700">Add</button>
        </form>
        <ul id="notes" className="space-y-2">
          {notes.map((n) => <li key={n.id} className="rounded-lg bg-indigo-50 px-3 py-2 text-gray-800">{n.text}</li>)}
        </ul>
      </div>
    </div>
  );
};

export default App;
`;

/** ChatGPT canvas: a table exported as it is on screen, SheetJS imported as a default. */
export const CHATGPT_TABLE_EXPORT = `import React, { useRef } from "react";
import XLSX from "xlsx";

const students = [
  { name: "Ada", score: 93 },
  { name: "Grace", score: 88 },
];

export default function GradeTable() {
  const tableRef = useRef(null);
  const exportToExcel = () => {
    const wb = XLSX.utils.table_to_book(tableRef.current, { sheet: "Grades" });
    XLSX.writeFile(wb, "grades.xlsx");
  };
  return (
    <div className="p-6">
      <table ref={tableRef} className="border">
        <thead><tr><th>Name</th><th>Score</th></tr></thead>
        <tbody>{students.map((s) => <tr key={s.name}><td>{s.name}</td><td>{s.score}</td></tr>)}</tbody>
      </table>
      <button id="export" onClick={exportToExcel} className="mt-4 rounded bg-blue-600 px-4 py-2 text-white">Export to Excel</button>
    </div>
  );
}
`;

/** A settings form of native controls, no Tailwind: what a viewer in a dark colour scheme sees. */
export const PLAIN_SETTINGS = `import React, { useState } from 'react';

export default function Settings() {
  const [name, setName] = useState('Ada');
  return (
    <form style={{ padding: 24, fontFamily: 'sans-serif' }}>
      <label>Name <input id="name" value={name} onChange={(e) => setName(e.target.value)} /></label>
      <label style={{ marginLeft: 12 }}>Plan <select id="plan"><option>Free</option><option>Pro</option></select></label>
      <label style={{ marginLeft: 12 }}><input id="news" type="checkbox" defaultChecked /> Newsletter</label>
      <p id="hello">Hello, {name}</p>
    </form>
  );
}
`;

/** A store of pages in one file on a HashRouter, as ChatGPT writes one when asked for "pages". */
export const HASH_ROUTER_SHOP = `import React from "react";
import { HashRouter, Routes, Route, Link, NavLink, useParams, useNavigate } from "react-router-dom";
import { ShoppingBag, ArrowLeft } from "lucide-react";

const products = [
  { id: 1, name: "Desk Lamp", price: 39 },
  { id: 2, name: "Walnut Shelf", price: 129 },
];

function Home() {
  return (
    <ul className="space-y-2">
      {products.map((p) => (
        <li key={p.id}><Link className="text-blue-600 hover:underline" to={\`/products/\${p.id}\`}>{p.name}</Link></li>
      ))}
    </ul>
  );
}

function Product() {
  const { id } = useParams();
  const navigate = useNavigate();
  const product = products.find((p) => p.id === Number(id));
  if (!product) return <p>Not found</p>;
  return (
    <div id="product">
      <button id="back" onClick={() => navigate(-1)} className="flex items-center gap-1 text-sm text-gray-500"><ArrowLeft className="h-4 w-4" /> Back</button>
      <h2 className="text-xl font-semibold">{product.name}</h2>
      <p className="text-gray-700">\${product.price}</p>
    </div>
  );
}

export default function App() {
  return (
    <HashRouter>
      <header className="flex items-center gap-4 border-b p-4">
        <ShoppingBag className="h-6 w-6" />
        <NavLink to="/" end className={({ isActive }) => (isActive ? "font-bold text-blue-700" : "text-gray-600")}>Shop</NavLink>
        <NavLink to="/about" className={({ isActive }) => (isActive ? "font-bold text-blue-700" : "text-gray-600")}>About</NavLink>
      </header>
      <main className="p-6">
        <Routes>
          <Route path="/" element={<Home />} />
          <Route path="/products/:id" element={<Product />} />
          <Route path="/about" element={<p id="about">Small things for small rooms.</p>} />
        </Routes>
      </main>
    </HashRouter>
  );
}
`;

/** A Claude artifact's wizard on a MemoryRouter (an artifact's frame has no address to change). */
export const MEMORY_ROUTER_WIZARD = `import React, { useState } from 'react';
import { MemoryRouter, Routes, Route, useNavigate, useLocation } from 'react-router-dom';

function Step({ n, next }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <div className="space-y-3">
      <p id="where" className="text-sm text-slate-500">{pathname}</p>
      <h2 className="text-lg font-semibold">Step {n}</h2>
      {next ? <button id="next" onClick={() => navigate(next)} className="rounded bg-slate-900 px-3 py-1 text-white">Next</button> : <p id="finished">All done!</p>}
    </div>
  );
}

export default function App() {
  return (
    <div className="max-w-md mx-auto p-8">
      <MemoryRouter initialEntries={['/step/1']}>
        <Routes>
          <Route path="/step/1" element={<Step n={1} next="/step/2" />} />
          <Route path="/step/2" element={<Step n={2} next="/step/3" />} />
          <Route path="/step/3" element={<Step n={3} />} />
        </Routes>
      </MemoryRouter>
    </div>
  );
}
`;
