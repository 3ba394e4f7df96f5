// Single-file React components of sweep 10, written the way each tool saves them (tests/react-kit-
// sweep10.browser.test.mjs): a ChatGPT canvas .tsx invoice on jsPDF and jspdf-autotable (the
// function form), a Claude artifact .jsx report on jsPDF with autotable's older `doc.autoTable`, a
// v0 block exporting a certificate with html2canvas into a PDF, a Claude artifact playing a Lottie
// animation written into the file, a Gemini Canvas app rendering a model's Markdown answer, a v0
// data table on TanStack Table, and a ChatGPT canvas snippet library on zustand and
// react-syntax-highlighter.

/** ChatGPT canvas: an invoice whose lines are edited on screen and downloaded as a PDF table. */
export const CHATGPT_INVOICE = `import React, { useMemo, useState } from "react";
import jsPDF from "jspdf";
import autoTable from "jspdf-autotable";
import { Plus, Trash2, FileDown, Receipt } from "lucide-react";

type LineItem = { id: number; description: string; quantity: number; rate: number };

const currency = (n: number) => n.toLocaleString("en-US", { style: "currency", currency: "USD" });

export default function InvoiceGenerator() {
  const [client, setClient] = useState("Northwind Traders");
  const [items, setItems] = useState<LineItem[]>([
    { id: 1, description: "Website redesign", quantity: 1, rate: 2400 },
    { id: 2, description: "Hosting (12 months)", quantity: 12, rate: 25 },
    { id: 3, description: "Logo refresh", quantity: 1, rate: 650 },
  ]);

  const subtotal = useMemo(() => items.reduce((sum, i) => sum + i.quantity * i.rate, 0), [items]);
  const tax = subtotal * 0.08;
  const total = subtotal + tax;

  const addItem = () =>
    setItems((prev) => [...prev, { id: Date.now(), description: "Support hours", quantity: 4, rate: 90 }]);
  const removeItem = (id: number) => setItems((prev) => prev.filter((i) => i.id !== id));

  const downloadPdf = () => {
    const doc = new jsPDF();
    doc.setFontSize(20);
    doc.text("Invoice INV-1042", 14, 20);
    doc.setFontSize(11);
    doc.text(\`Bill to: \${client}\`, 14, 30);
    autoTable(doc, {
      startY: 38,
      head: [["Description", "Qty", "Rate", "Amount"]],
      body: items.map((i) => [i.description, String(i.quantity), currency(i.rate), currency(i.quantity * i.rate)]),
      foot: [["", "", "Total", currency(total)]],
      theme: "striped",
      headStyles: { fillColor: [37, 99, 235] },
    });
    const finalY = (doc as any).lastAutoTable.finalY;
    doc.text("Thank you for your business!", 14, finalY + 12);
    doc.save("invoice-INV-1042.pdf");
  };

  return (
    <div className="min-h-screen bg-slate-50 p-8">
      <div className="mx-auto max-w-3xl rounded-2xl bg-white p-6 shadow-lg">
        <div className="mb-6 flex items-center gap-3">
          <Receipt className="h-8 w-8 text-blue-600" />
          <h1 className="text-2xl font-bold text-slate-800">Invoice Generator</h1>
        </div>
        <label className="mb-4 block text-sm font-medium text-slate-600">
          Client
          <input id="client" value={client} onChange={(e) => setClient(e.target.value)}
            className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2" />
        </label>
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b text-slate-500">
              <th className="py-2">Description</th><th>Qty</th><th>Rate</th><th className="text-right">Amount</th><th />
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.id} className="border-b last:border-0">
                <td className="py-2">{item.description}</td>
                <td>{item.quantity}</td>
                <td>{currency(item.rate)}</td>
                <td className="text-right">{currency(item.quantity * item.rate)}</td>
                <td className="text-right">
                  <button onClick={() => removeItem(item.id)} aria-label="Remove" className="text-slate-400 hover:text-red-500">
                    <Trash2 className="h-4 w-4" />
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="mt-4 flex items-center justify-between">
          <button id="add" onClick={addItem} className="flex items-center gap-2 rounded-lg border border-blue-600 px-3 py-2 text-blue-600 hover:bg-blue-50">
            <Plus className="h-4 w-4" /> Add item
          </button>
          <div className="text-right">
            <p className="text-sm text-slate-500">Tax (8%): {currency(tax)}</p>
            <p id="total" className="text-xl font-semibold text-slate-800">{currency(total)}</p>
          </div>
        </div>
        <button id="pdf" onClick={downloadPdf} className="mt-6 flex w-full items-center justify-center gap-2 rounded-lg bg-blue-600 py-3 font-medium text-white hover:bg-blue-700">
          <FileDown className="h-5 w-5" /> Download PDF
        </button>
      </div>
    </div>
  );
}
`;

/** Claude artifact: an attendance report, charted, whose PDF uses autotable's older method form. */
export const CLAUDE_REPORT = `import React, { useState } from 'react';
import { jsPDF } from 'jspdf';
import 'jspdf-autotable';
import { BarChart, Bar, XAxis, YAxis, Tooltip, ResponsiveContainer } from 'recharts';
import { Download, Users } from 'lucide-react';

const attendance = [
  { name: 'Mon', present: 42 },
  { name: 'Tue', present: 38 },
  { name: 'Wed', present: 45 },
  { name: 'Thu', present: 31 },
  { name: 'Fri', present: 27 },
];

export default function AttendanceReport() {
  const [status, setStatus] = useState('');

  const exportReport = () => {
    const doc = new jsPDF({ orientation: 'portrait', unit: 'mm', format: 'a4' });
    doc.text('Weekly attendance report', 14, 16);
    doc.autoTable({
      startY: 24,
      head: [['Day', 'Present']],
      body: attendance.map((d) => [d.name, d.present]),
      styles: { fontSize: 10 },
      headStyles: { fillColor: [124, 58, 237] },
    });
    doc.save('attendance-report.pdf');
    setStatus('Report exported');
  };

  return (
    <div className="max-w-2xl mx-auto p-6 font-sans">
      <div className="flex items-center justify-between mb-4">
        <h1 className="text-2xl font-bold flex items-center gap-2"><Users className="w-6 h-6 text-violet-600" /> Attendance</h1>
        <button id="export" onClick={exportReport} className="inline-flex items-center gap-2 px-4 py-2 bg-violet-600 text-white rounded-md hover:bg-violet-700">
          <Download className="w-4 h-4" /> Export PDF
        </button>
      </div>
      <div id="chart" className="h-64 bg-white rounded-lg border p-2">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={attendance}>
            <XAxis dataKey="name" />
            <YAxis />
            <Tooltip />
            <Bar dataKey="present" fill="#7c3aed" radius={[4, 4, 0, 0]} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      {status && <p id="status" className="mt-3 text-sm text-green-700">{status}</p>}
    </div>
  );
}
`;

/** v0: a certificate filled in on screen and exported as a picture of itself in a PDF. */
export const V0_CERTIFICATE = `"use client"

import { useRef, useState } from "react"
import html2canvas from "html2canvas"
import { jsPDF } from "jspdf"
import { Award, Download } from "lucide-react"
import { Button } from "@/components/ui/button"
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card"
import { Input } from "@/components/ui/input"
import { Label } from "@/components/ui/label"

export default function Component() {
  const [name, setName] = useState("")
  const [busy, setBusy] = useState(false)
  const certificateRef = useRef<HTMLDivElement>(null)

  const handleDownload = async () => {
    if (!certificateRef.current) return
    setBusy(true)
    const canvas = await html2canvas(certificateRef.current, { scale: 2, backgroundColor: "#ffffff" })
    const imgData = canvas.toDataURL("image/png")
    const pdf = new jsPDF({ orientation: "landscape", unit: "px", format: [canvas.width, canvas.height] })
    pdf.addImage(imgData, "PNG", 0, 0, canvas.width, canvas.height)
    pdf.save(\`certificate-\${name.trim().toLowerCase().replace(/\\s+/g, "-") || "participant"}.pdf\`)
    setBusy(false)
  }

  return (
    <div className="container mx-auto max-w-3xl py-10 space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>Generate your certificate</CardTitle>
        </CardHeader>
        <CardContent className="flex items-end gap-4">
          <div className="grid flex-1 gap-2">
            <Label htmlFor="name">Full name</Label>
            <Input id="name" placeholder="Ada Lovelace" value={name} onChange={(e) => setName(e.target.value)} />
          </div>
          <Button id="download" onClick={handleDownload} disabled={!name || busy}>
            <Download className="mr-2 h-4 w-4" />
            {busy ? "Preparing…" : "Download PDF"}
          </Button>
        </CardContent>
      </Card>
      <div ref={certificateRef} id="certificate" className="rounded-xl border-8 border-double border-amber-500 bg-white p-10 text-center">
        <Award className="mx-auto h-14 w-14 text-amber-500" />
        <p className="mt-4 text-sm uppercase tracking-widest text-muted-foreground">Certificate of completion</p>
        <h2 id="holder" className="mt-2 font-serif text-4xl font-bold">{name || "Your name"}</h2>
        <p className="mt-4 text-muted-foreground">has completed Introduction to Data Visualization</p>
      </div>
    </div>
  )
}
`;

/** A Lottie animation as the tools write it into one file: a green disc that grows in and a tick. */
export const SUCCESS_ANIMATION = {
  v: '5.7.4', fr: 30, ip: 0, op: 45, w: 200, h: 200, nm: 'success', ddd: 0, assets: [],
  layers: [{
    ddd: 0, ind: 1, ty: 4, nm: 'disc', sr: 1, ao: 0, ip: 0, op: 45, st: 0, bm: 0,
    ks: {
      o: { a: 0, k: 100 }, r: { a: 0, k: 0 }, p: { a: 0, k: [100, 100, 0] }, a: { a: 0, k: [0, 0, 0] },
      s: { a: 1, k: [{ t: 0, s: [10, 10, 100], i: { x: [0.3], y: [1] }, o: { x: [0.7], y: [0] } }, { t: 30, s: [100, 100, 100] }] },
    },
    shapes: [{
      ty: 'gr', nm: 'g', it: [
        { ty: 'el', nm: 'e', d: 1, p: { a: 0, k: [0, 0] }, s: { a: 0, k: [140, 140] } },
        { ty: 'fl', nm: 'f', c: { a: 0, k: [0.133, 0.773, 0.369, 1] }, o: { a: 0, k: 100 }, r: 1 },
        { ty: 'tr', p: { a: 0, k: [0, 0] }, a: { a: 0, k: [0, 0] }, s: { a: 0, k: [100, 100] }, r: { a: 0, k: 0 }, o: { a: 0, k: 100 } },
      ],
    }],
  }],
};

/** Claude artifact: a form's success screen playing that animation, with a replay button. */
export const CLAUDE_LOTTIE = `import React, { useRef, useState } from 'react';
import Lottie from 'lottie-react';
import { RotateCcw } from 'lucide-react';

const successAnimation = ${JSON.stringify(SUCCESS_ANIMATION)};

export default function SuccessScreen() {
  const lottieRef = useRef(null);
  const [plays, setPlays] = useState(1);

  const replay = () => {
    lottieRef.current?.goToAndPlay(0, true);
    setPlays((p) => p + 1);
  };

  return (
    <div className="min-h-screen flex items-center justify-center bg-gradient-to-br from-emerald-50 to-teal-100">
      <div className="bg-white rounded-3xl shadow-xl p-10 text-center w-96">
        <div id="animation" className="w-40 h-40 mx-auto">
          <Lottie lottieRef={lottieRef} animationData={successAnimation} loop={false} />
        </div>
        <h1 className="text-2xl font-bold text-gray-800 mt-4">Payment received!</h1>
        <p className="text-gray-500 mt-2">Played <span id="plays">{plays}</span> time{plays === 1 ? '' : 's'}</p>
        <button id="replay" onClick={replay} className="mt-6 inline-flex items-center gap-2 px-5 py-2 rounded-full bg-emerald-500 text-white hover:bg-emerald-600">
          <RotateCcw className="w-4 h-4" /> Replay
        </button>
      </div>
    </div>
  );
}
`;

/** Gemini Canvas: a study helper that shows a model's answer as Markdown (GFM table) and asks
 * Gemini with the empty key Canvas fills in. */
export const GEMINI_MARKDOWN = `import React, { useState } from 'react';
import ReactMarkdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { Sparkles, Send, Loader2 } from 'lucide-react';

const sample = \`## Photosynthesis at a glance

Plants turn **light**, water and carbon dioxide into sugar.

| Stage | Where | Output |
|---|---|---|
| Light reactions | Thylakoids | ATP, NADPH |
| Calvin cycle | Stroma | Glucose |

- [x] Chlorophyll absorbs light
- [ ] Oxygen is released
\`;

const App = () => {
  const [question, setQuestion] = useState('');
  const [answer, setAnswer] = useState(sample);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState(null);

  const ask = async () => {
    setLoading(true);
    setError(null);
    try {
      const apiKey = "";
      const apiUrl = \`https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash-preview-05-20:generateContent?key=\${apiKey}\`;
      const payload = { contents: [{ role: "user", parts: [{ text: question }] }] };
      const response = await fetch(apiUrl, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(payload) });
      if (!response.ok) throw new Error(\`API error: \${response.status}\`);
      const result = await response.json();
      setAnswer(result.candidates?.[0]?.content?.parts?.[0]?.text ?? '');
    } catch (e) {
      setError('Could not reach Gemini. Please try again.');
    } finally {
      setLoading(false);
    }
  };

  return (
    <div className="min-h-screen bg-indigo-50 p-6 font-sans">
      <div className="max-w-2xl mx-auto bg-white rounded-2xl shadow p-6">
        <h1 className="text-2xl font-bold text-indigo-700 flex items-center gap-2"><Sparkles className="w-6 h-6" /> Study Buddy</h1>
        <div className="flex gap-2 mt-4">
          <input id="question" className="flex-1 border rounded-lg px-3 py-2" placeholder="Ask anything..." value={question} onChange={(e) => setQuestion(e.target.value)} />
          <button id="ask" onClick={ask} disabled={loading || !question} className="bg-indigo-600 text-white rounded-lg px-4 flex items-center gap-1 disabled:opacity-50">
            {loading ? <Loader2 className="w-4 h-4 animate-spin" /> : <Send className="w-4 h-4" />} Ask
          </button>
        </div>
        {error && <p id="error" className="mt-3 text-red-600 text-sm">{error}</p>}
        <article id="answer" className="prose prose-indigo max-w-none mt-6">
          <ReactMarkdown remarkPlugins={[remarkGfm]}>{answer}</ReactMarkdown>
        </article>
      </div>
    </div>
  );
};

export default App;
`;

/** v0: shadcn's data table on TanStack Table, filtered and sorted. */
export const V0_DATA_TABLE = `"use client"

import * as React from "react"
import {
  ColumnDef,
  SortingState,
  ColumnFiltersState,
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getSortedRowModel,
  useReactTable,
} from "@tanstack/react-table"
import { ArrowUpDown } from "lucide-react"
import { Button } from "@/components/ui/button"
import { Input } from "@/components/ui/input"
import { Badge } from "@/components/ui/badge"
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table"

type Payment = { id: string; amount: number; status: "pending" | "processing" | "success" | "failed"; email: string }

const data: Payment[] = [
  { id: "m5gr84i9", amount: 316, status: "success", email: "ken99@example.com" },
  { id: "3u1reuv4", amount: 242, status: "success", email: "abe45@example.com" },
  { id: "derv1ws0", amount: 837, status: "processing", email: "monserrat44@example.com" },
  { id: "5kma53ae", amount: 874, status: "success", email: "silas22@example.com" },
  { id: "bhqecj4p", amount: 721, status: "failed", email: "carmella@example.com" },
]

export const columns: ColumnDef<Payment>[] = [
  {
    accessorKey: "status",
    header: "Status",
    cell: ({ row }) => <Badge variant={row.getValue("status") === "failed" ? "destructive" : "secondary"} className="capitalize">{row.getValue("status")}</Badge>,
  },
  {
    accessorKey: "email",
    header: ({ column }) => (
      <Button variant="ghost" id="sort-email" onClick={() => column.toggleSorting(column.getIsSorted() === "asc")}>
        Email
        <ArrowUpDown className="ml-2 h-4 w-4" />
      </Button>
    ),
    cell: ({ row }) => <div className="lowercase">{row.getValue("email")}</div>,
  },
  {
    accessorKey: "amount",
    header: () => <div className="text-right">Amount</div>,
    cell: ({ row }) => {
      const formatted = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(parseFloat(row.getValue("amount")))
      return <div className="text-right font-medium">{formatted}</div>
    },
  },
]

export default function DataTableDemo() {
  const [sorting, setSorting] = React.useState<SortingState>([])
  const [columnFilters, setColumnFilters] = React.useState<ColumnFiltersState>([])
  const table = useReactTable({
    data,
    columns,
    onSortingChange: setSorting,
    onColumnFiltersChange: setColumnFilters,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    state: { sorting, columnFilters },
  })

  return (
    <div className="w-full p-6">
      <div className="flex items-center py-4">
        <Input
          id="filter"
          placeholder="Filter emails..."
          value={(table.getColumn("email")?.getFilterValue() as string) ?? ""}
          onChange={(event) => table.getColumn("email")?.setFilterValue(event.target.value)}
          className="max-w-sm"
        />
      </div>
      <div className="rounded-md border">
        <Table>
          <TableHeader>
            {table.getHeaderGroups().map((headerGroup) => (
              <TableRow key={headerGroup.id}>
                {headerGroup.headers.map((header) => (
                  <TableHead key={header.id}>
                    {header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())}
                  </TableHead>
                ))}
              </TableRow>
            ))}
          </TableHeader>
          <TableBody>
            {table.getRowModel().rows?.length ? (
              table.getRowModel().rows.map((row) => (
                <TableRow key={row.id}>
                  {row.getVisibleCells().map((cell) => (
                    <TableCell key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</TableCell>
                  ))}
                </TableRow>
              ))
            ) : (
              <TableRow>
                <TableCell colSpan={columns.length} className="h-24 text-center">No results.</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </div>
    </div>
  )
}
`;

/** ChatGPT canvas: a snippet library whose choice a zustand store keeps, drawn with Prism. */
export const CHATGPT_SNIPPETS = `import React from "react";
import { create } from "zustand";
import { persist } from "zustand/middleware";
import { Prism as SyntaxHighlighter } from "react-syntax-highlighter";
import { oneDark } from "react-syntax-highlighter/dist/esm/styles/prism";
import { Code2, Copy } from "lucide-react";

const snippets = [
  { id: "debounce", title: "Debounce", language: "javascript", code: "function debounce(fn, ms) {\\n  let t;\\n  return (...args) => {\\n    clearTimeout(t);\\n    t = setTimeout(() => fn(...args), ms);\\n  };\\n}" },
  { id: "fib", title: "Fibonacci", language: "python", code: "def fib(n):\\n    a, b = 0, 1\\n    for _ in range(n):\\n        a, b = b, a + b\\n    return a" },
];

type SnippetState = { selected: string; select: (id: string) => void };

const useSnippetStore = create<SnippetState>()(
  persist(
    (set) => ({ selected: "debounce", select: (id) => set({ selected: id }) }),
    { name: "snippet-library" }
  )
);

export default function SnippetLibrary() {
  const { selected, select } = useSnippetStore();
  const snippet = snippets.find((s) => s.id === selected) ?? snippets[0];
  return (
    <div className="flex min-h-screen bg-gray-900 text-gray-100">
      <aside className="w-56 border-r border-gray-700 p-4">
        <h2 className="mb-3 flex items-center gap-2 font-semibold"><Code2 className="h-5 w-5 text-sky-400" /> Snippets</h2>
        {snippets.map((s) => (
          <button key={s.id} id={\`pick-\${s.id}\`} onClick={() => select(s.id)}
            className={\`block w-full rounded px-3 py-2 text-left \${s.id === selected ? "bg-sky-600 text-white" : "hover:bg-gray-800"}\`}>
            {s.title}
          </button>
        ))}
      </aside>
      <main className="flex-1 p-6">
        <div className="mb-2 flex items-center justify-between">
          <h1 id="title" className="text-xl font-bold">{snippet.title}</h1>
          <button onClick={() => navigator.clipboard?.writeText(snippet.code)} className="flex items-center gap-1 text-sm text-gray-400"><Copy className="h-4 w-4" /> Copy</button>
        </div>
        <div id="code">
          <SyntaxHighlighter language={snippet.language} style={oneDark} showLineNumbers>
            {snippet.code}
          </SyntaxHighlighter>
        </div>
      </main>
    </div>
  );
}
`;

/** ChatGPT canvas: a player bar on Phosphor's React icons, weights from props and IconContext. */
export const CHATGPT_PHOSPHOR = `import React, { useState } from "react";
import { Play, Pause, SkipForward, Heart, MusicNotes, IconContext } from "@phosphor-icons/react";

export default function PlayerBar() {
  const [playing, setPlaying] = useState(false);
  const [liked, setLiked] = useState(false);
  return (
    <IconContext.Provider value={{ color: "#334155", size: 28, weight: "bold" }}>
      <div className="m-8 flex max-w-md items-center gap-4 rounded-2xl bg-white p-4 shadow-lg">
        <div className="rounded-xl bg-violet-100 p-3"><MusicNotes id="cover" color="#7c3aed" weight="duotone" size={36} /></div>
        <div className="flex-1">
          <p className="font-semibold text-slate-800">Midnight City</p>
          <p id="state" className="text-sm text-slate-500">{playing ? "Playing" : "Paused"}</p>
        </div>
        <button id="play" onClick={() => setPlaying((p) => !p)} aria-label="Play or pause">
          {playing ? <Pause weight="fill" /> : <Play weight="fill" />}
        </button>
        <button id="next" aria-label="Next"><SkipForward /></button>
        <button id="like" onClick={() => setLiked((l) => !l)} aria-label="Like">
          <Heart weight={liked ? "fill" : "regular"} color={liked ? "#e11d48" : undefined} />
        </button>
      </div>
    </IconContext.Provider>
  );
}
`;
