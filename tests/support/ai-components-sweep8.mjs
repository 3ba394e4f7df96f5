// Single-file React components written the way Claude's artifacts, ChatGPT's canvases and v0 write
// them, for sweep 8 (react-kit-sweep8.browser.test.mjs): recharts' other charts (an area with a
// gradient, scatter, radar, treemap), a d3 force layout drawn into a ref, window.storage used as
// Claude's documentation says (a missing key throws), a Word file turned into HTML by mammoth, a chat
// bubble in the bottom-right corner where Plug's badge chip sits, and a TypeScript decorator.
// Written for these tests, not copied.

/** A Claude analytics artifact: recharts' AreaChart with a gradient fill, ScatterChart, RadarChart
 * and Treemap, icons by their newer lucide names, and a range switch that redraws the area. */
export const CLAUDE_ANALYTICS = `import React, { useState, useMemo } from 'react';
import {
  AreaChart, Area, ScatterChart, Scatter, ZAxis, RadarChart, Radar, PolarGrid, PolarAngleAxis,
  PolarRadiusAxis, Treemap, XAxis, YAxis, CartesianGrid, Tooltip, Legend, ResponsiveContainer,
} from 'recharts';
import { House, ChartNoAxesColumn, TrendingUp, Users } from 'lucide-react';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const revenueFor = (months) =>
  MONTHS.slice(0, months).map((month, i) => ({ month, revenue: 4000 + Math.round(Math.sin(i / 2) * 1500) + i * 300 }));

const customers = [
  { spend: 120, visits: 4, size: 200 }, { spend: 340, visits: 9, size: 400 }, { spend: 80, visits: 2, size: 120 },
  { spend: 560, visits: 14, size: 600 }, { spend: 220, visits: 6, size: 260 }, { spend: 410, visits: 11, size: 380 },
];

const skills = [
  { skill: 'Speed', team: 86, rivals: 70 }, { skill: 'Quality', team: 92, rivals: 81 },
  { skill: 'Support', team: 74, rivals: 88 }, { skill: 'Price', team: 65, rivals: 77 }, { skill: 'Reach', team: 80, rivals: 60 },
];

const markets = [
  { name: 'North America', size: 4200 }, { name: 'Europe', size: 3100 }, { name: 'Asia', size: 2800 },
  { name: 'South America', size: 900 }, { name: 'Africa', size: 600 },
];

export default function AnalyticsDashboard() {
  const [range, setRange] = useState(6);
  const revenue = useMemo(() => revenueFor(range), [range]);
  const total = revenue.reduce((sum, r) => sum + r.revenue, 0);

  return (
    <div className="min-h-screen bg-slate-50 p-6">
      <div className="max-w-6xl mx-auto space-y-6">
        <header className="flex items-center justify-between">
          <div className="flex items-center gap-3">
            <House className="w-6 h-6 text-indigo-600" />
            <h1 className="text-2xl font-bold text-slate-800">Business Overview</h1>
          </div>
          <div className="flex gap-2">
            {[6, 12].map((m) => (
              <button
                key={m}
                id={'range-' + m}
                onClick={() => setRange(m)}
                className={\`px-3 py-1.5 rounded-lg text-sm font-medium \${range === m ? 'bg-indigo-600 text-white' : 'bg-white text-slate-600 border'}\`}
              >
                {m} months
              </button>
            ))}
          </div>
        </header>

        <div className="grid grid-cols-2 gap-6">
          <div id="area" className="bg-white rounded-xl shadow p-4">
            <div className="flex items-center gap-2 mb-2">
              <TrendingUp className="w-5 h-5 text-emerald-500" />
              <h2 className="font-semibold">Revenue</h2>
              <span id="total" className="ml-auto text-sm text-slate-500">\${total.toLocaleString('en-US')}</span>
            </div>
            <ResponsiveContainer width="100%" height={240}>
              <AreaChart data={revenue} margin={{ top: 10, right: 20, left: 0, bottom: 0 }}>
                <defs>
                  <linearGradient id="colorRevenue" x1="0" y1="0" x2="0" y2="1">
                    <stop offset="5%" stopColor="#6366f1" stopOpacity={0.8} />
                    <stop offset="95%" stopColor="#6366f1" stopOpacity={0} />
                  </linearGradient>
                </defs>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="month" />
                <YAxis />
                <Tooltip />
                <Area type="monotone" dataKey="revenue" stroke="#6366f1" fillOpacity={1} fill="url(#colorRevenue)" />
              </AreaChart>
            </ResponsiveContainer>
          </div>

          <div id="scatter" className="bg-white rounded-xl shadow p-4">
            <div className="flex items-center gap-2 mb-2">
              <Users className="w-5 h-5 text-sky-500" />
              <h2 className="font-semibold">Customers</h2>
            </div>
            <ResponsiveContainer width="100%" height={240}>
              <ScatterChart margin={{ top: 10, right: 20, bottom: 10, left: 0 }}>
                <CartesianGrid />
                <XAxis type="number" dataKey="visits" name="Visits" />
                <YAxis type="number" dataKey="spend" name="Spend" unit="$" />
                <ZAxis type="number" dataKey="size" range={[60, 400]} />
                <Tooltip cursor={{ strokeDasharray: '3 3' }} />
                <Scatter name="Customers" data={customers} fill="#0ea5e9" />
              </ScatterChart>
            </ResponsiveContainer>
          </div>

          <div id="radar" className="bg-white rounded-xl shadow p-4">
            <div className="flex items-center gap-2 mb-2">
              <ChartNoAxesColumn className="w-5 h-5 text-amber-500" />
              <h2 className="font-semibold">Against rivals</h2>
            </div>
            <ResponsiveContainer width="100%" height={260}>
              <RadarChart data={skills} outerRadius="75%">
                <PolarGrid />
                <PolarAngleAxis dataKey="skill" />
                <PolarRadiusAxis angle={30} domain={[0, 100]} />
                <Radar name="Us" dataKey="team" stroke="#8b5cf6" fill="#8b5cf6" fillOpacity={0.5} />
                <Radar name="Rivals" dataKey="rivals" stroke="#f97316" fill="#f97316" fillOpacity={0.3} />
                <Legend />
              </RadarChart>
            </ResponsiveContainer>
          </div>

          <div id="treemap" className="bg-white rounded-xl shadow p-4">
            <h2 className="font-semibold mb-2">Markets</h2>
            <ResponsiveContainer width="100%" height={260}>
              <Treemap data={markets} dataKey="size" nameKey="name" aspectRatio={4 / 3} stroke="#fff" fill="#10b981" isAnimationActive={false} />
            </ResponsiveContainer>
          </div>
        </div>
      </div>
    </div>
  );
}
`;

/** A Claude artifact's network of people: a d3 force simulation drawn with d3.select into a ref,
 * nodes dragged with d3.drag, a click on a node showing who it is. */
export const D3_FORCE = `import React, { useEffect, useRef, useState } from 'react';
import * as d3 from 'd3';

const people = [
  { id: 'Ada', group: 1 }, { id: 'Grace', group: 1 }, { id: 'Alan', group: 2 }, { id: 'Linus', group: 2 },
  { id: 'Margaret', group: 3 }, { id: 'Dennis', group: 3 }, { id: 'Barbara', group: 1 },
];
const ties = [
  { source: 'Ada', target: 'Grace' }, { source: 'Ada', target: 'Alan' }, { source: 'Alan', target: 'Linus' },
  { source: 'Grace', target: 'Margaret' }, { source: 'Margaret', target: 'Dennis' }, { source: 'Dennis', target: 'Linus' },
  { source: 'Barbara', target: 'Ada' },
];

export default function NetworkGraph() {
  const svgRef = useRef(null);
  const [selected, setSelected] = useState(null);
  const [settled, setSettled] = useState(false);

  useEffect(() => {
    const width = 640;
    const height = 420;
    const nodes = people.map((d) => ({ ...d }));
    const links = ties.map((d) => ({ ...d }));
    const color = d3.scaleOrdinal(d3.schemeCategory10);

    const svg = d3.select(svgRef.current).attr('viewBox', [0, 0, width, height]);
    svg.selectAll('*').remove();

    const simulation = d3.forceSimulation(nodes)
      .force('link', d3.forceLink(links).id((d) => d.id).distance(80))
      .force('charge', d3.forceManyBody().strength(-250))
      .force('center', d3.forceCenter(width / 2, height / 2))
      .force('collide', d3.forceCollide(24));

    const link = svg.append('g').attr('stroke', '#94a3b8').attr('stroke-opacity', 0.7)
      .selectAll('line').data(links).join('line').attr('stroke-width', 2);

    const node = svg.append('g').selectAll('g').data(nodes).join('g')
      .attr('class', 'node')
      .style('cursor', 'pointer')
      .on('click', (event, d) => setSelected(d.id))
      .call(d3.drag()
        .on('start', (event, d) => { if (!event.active) simulation.alphaTarget(0.3).restart(); d.fx = d.x; d.fy = d.y; })
        .on('drag', (event, d) => { d.fx = event.x; d.fy = event.y; })
        .on('end', (event, d) => { if (!event.active) simulation.alphaTarget(0); d.fx = null; d.fy = null; }));

    node.append('circle').attr('r', 16).attr('fill', (d) => color(d.group)).attr('stroke', '#fff').attr('stroke-width', 2);
    node.append('text').text((d) => d.id).attr('x', 20).attr('y', 5).attr('font-size', 12).attr('fill', '#334155');

    simulation.on('tick', () => {
      link.attr('x1', (d) => d.source.x).attr('y1', (d) => d.source.y).attr('x2', (d) => d.target.x).attr('y2', (d) => d.target.y);
      node.attr('transform', (d) => \`translate(\${d.x},\${d.y})\`);
    });
    simulation.on('end', () => setSettled(true));
    return () => simulation.stop();
  }, []);

  return (
    <div className="p-6 bg-white min-h-screen">
      <h1 className="text-xl font-semibold text-gray-800 mb-1">Who knows whom</h1>
      <p id="who" className="text-sm text-gray-500 mb-4">{selected ? \`Selected: \${selected}\` : 'Click a person'}{settled ? '' : ' …'}</p>
      <svg ref={svgRef} width={640} height={420} className="border rounded-lg bg-slate-50" />
    </div>
  );
}
`;

/** A support chat as the tools write one: a round bubble fixed in the bottom-right corner that
 * opens a window above it, beside a bottom bar across the window and a bubble written with inline
 * styles. */
export const CHAT_BUBBLE = `import React, { useState } from 'react';
import { MessageCircle, X, Send, HelpCircle } from 'lucide-react';

export default function SupportWidget() {
  const [open, setOpen] = useState(false);
  const [messages, setMessages] = useState([{ from: 'bot', text: 'Hi! How can we help?' }]);
  const [draft, setDraft] = useState('');

  const send = () => {
    if (!draft.trim()) return;
    setMessages((m) => [...m, { from: 'me', text: draft }]);
    setDraft('');
  };

  return (
    <div className="min-h-screen bg-gradient-to-br from-sky-50 to-indigo-100 p-8">
      <h1 className="text-3xl font-bold text-slate-800">Acme Help Center</h1>
      <p className="mt-2 text-slate-600">Browse the articles or ask us anything.</p>

      <div id="bar" className="fixed bottom-0 inset-x-0 h-12 bg-white/90 border-t flex items-center px-6 text-sm text-slate-500">
        © Acme Inc.
      </div>

      <button
        id="help"
        onClick={() => setMessages((m) => [...m, { from: 'bot', text: 'Opening the guide…' }])}
        style={{ position: 'fixed', bottom: 24, left: 24, width: 48, height: 48, borderRadius: 24, background: '#0f172a', color: 'white', display: 'flex', alignItems: 'center', justifyContent: 'center' }}
      >
        <HelpCircle size={22} />
      </button>

      {open && (
        <div id="panel" className="fixed bottom-24 right-6 w-80 h-96 bg-white rounded-2xl shadow-2xl flex flex-col overflow-hidden">
          <div className="bg-indigo-600 text-white px-4 py-3 flex items-center justify-between">
            <span className="font-semibold">Chat with us</span>
            <button onClick={() => setOpen(false)} aria-label="Close"><X className="w-4 h-4" /></button>
          </div>
          <div id="log" className="flex-1 p-3 space-y-2 overflow-y-auto">
            {messages.map((m, i) => (
              <div key={i} className={\`max-w-[80%] px-3 py-2 rounded-xl text-sm \${m.from === 'me' ? 'ml-auto bg-indigo-600 text-white' : 'bg-slate-100'}\`}>{m.text}</div>
            ))}
          </div>
          <div className="p-2 border-t flex gap-2">
            <input id="draft" value={draft} onChange={(e) => setDraft(e.target.value)} onKeyDown={(e) => e.key === 'Enter' && send()} className="flex-1 border rounded-lg px-3 py-1.5 text-sm" placeholder="Type a message" />
            <button id="send" onClick={send} className="p-2 bg-indigo-600 text-white rounded-lg"><Send className="w-4 h-4" /></button>
          </div>
        </div>
      )}

      <button
        id="bubble"
        onClick={() => setOpen((o) => !o)}
        className="fixed bottom-6 right-6 w-14 h-14 rounded-full bg-indigo-600 text-white shadow-lg flex items-center justify-center hover:bg-indigo-700"
        aria-label="Open chat"
      >
        {open ? <X className="w-6 h-6" /> : <MessageCircle className="w-6 h-6" />}
      </button>
    </div>
  );
}
`;

/** A Claude reading log on window.storage as its documentation has it: a missing key throws, so a
 * first visit is told by the catch; the whole state kept under one key as an object; shared
 * entries with `true`; list and delete. */
export const STORAGE_AS_DOCUMENTED = `import React, { useEffect, useState } from 'react';
import { BookOpen, Trash2 } from 'lucide-react';

export default function ReadingLog() {
  const [firstVisit, setFirstVisit] = useState(null);
  const [log, setLog] = useState({ books: [], goal: 12 });
  const [title, setTitle] = useState('');
  const [club, setClub] = useState([]);
  const [error, setError] = useState('');

  useEffect(() => {
    (async () => {
      // For checking if keys exist: a key that is not there throws.
      try {
        await window.storage.get('welcomed');
        setFirstVisit(false);
      } catch (e) {
        setFirstVisit(true);
      }
      try {
        const result = await window.storage.get('reading-log');
        setLog(JSON.parse(result.value));
      } catch (e) {
        // nothing saved yet
      }
      await loadClub();
    })();
  }, []);

  const loadClub = async () => {
    try {
      const listed = await window.storage.list('club:', true);
      const entries = [];
      for (const key of listed.keys) {
        const r = await window.storage.get(key, true);
        entries.push(r.value);
      }
      setClub(entries);
    } catch (e) {
      setError('Could not load the club list');
    }
  };

  const dismiss = async () => {
    await window.storage.set('welcomed', 'yes');
    setFirstVisit(false);
  };

  const addBook = async () => {
    if (!title.trim()) return;
    const next = { ...log, books: [...log.books, title.trim()] };
    setLog(next);
    setTitle('');
    try {
      // The whole state under one key, as an object.
      const result = await window.storage.set('reading-log', next);
      if (!result) setError('Storage operation failed');
      await window.storage.set(\`club:\${Date.now()}\`, title.trim(), true);
      await loadClub();
    } catch (e) {
      setError('Storage error');
    }
  };

  const reset = async () => {
    const gone = await window.storage.delete('reading-log');
    if (gone) setLog({ books: [], goal: 12 });
  };

  if (firstVisit === null) return <div id="loading" className="p-8 text-gray-500">Loading…</div>;

  return (
    <div className="max-w-md mx-auto p-6 space-y-4">
      {firstVisit ? (
        <div id="welcome" className="p-4 rounded-lg bg-amber-50 border border-amber-200">
          <p className="font-medium">Welcome! Log the books you finish this year.</p>
          <button id="dismiss" onClick={dismiss} className="mt-2 text-sm text-amber-700 underline">Got it</button>
        </div>
      ) : (
        <p id="back" className="text-sm text-gray-500">Welcome back</p>
      )}
      <h1 className="text-2xl font-bold flex items-center gap-2"><BookOpen className="w-6 h-6" /> Reading log</h1>
      <p id="progress">{log.books.length} of {log.goal} books</p>
      <div className="flex gap-2">
        <input id="title" value={title} onChange={(e) => setTitle(e.target.value)} className="flex-1 border rounded px-2 py-1" placeholder="Title" />
        <button id="add" onClick={addBook} className="px-3 py-1 bg-blue-600 text-white rounded">Add</button>
        <button id="reset" onClick={reset} className="p-2 text-red-600" aria-label="Reset"><Trash2 className="w-4 h-4" /></button>
      </div>
      <ul id="books" className="list-disc pl-5">{log.books.map((b) => <li key={b}>{b}</li>)}</ul>
      <p id="club" className="text-sm">Club has read: {club.join(', ') || 'nothing yet'}</p>
      {error && <p id="error" className="text-red-600">{error}</p>}
    </div>
  );
}
`;

/** A ChatGPT canvas in TypeScript with a decorator on a class's method, as written for a store. */
export const DECORATED = `import React, { useState } from "react";

function logged(target: any, key: string, descriptor: PropertyDescriptor) {
  const original = descriptor.value;
  descriptor.value = function (...args: unknown[]) {
    console.log(\`\${key}(\${args.join(", ")})\`);
    return original.apply(this, args);
  };
  return descriptor;
}

class Counter {
  count = 0;

  @logged
  add(by: number) {
    this.count += by;
    return this.count;
  }
}

const counter = new Counter();

export default function App() {
  const [count, setCount] = useState(0);
  return <button onClick={() => setCount(counter.add(1))}>Clicked {count} times</button>;
}
`;

/** A Claude artifact that turns a chosen Word file into HTML with mammoth and shows it. */
export const WORD_TO_HTML = `import React, { useState } from 'react';
import mammoth from 'mammoth';
import { FileText, Upload } from 'lucide-react';

export default function WordViewer() {
  const [html, setHtml] = useState('');
  const [name, setName] = useState('');
  const [warnings, setWarnings] = useState([]);
  const [error, setError] = useState('');

  const handleFile = async (e) => {
    const file = e.target.files[0];
    if (!file) return;
    setName(file.name);
    try {
      const arrayBuffer = await file.arrayBuffer();
      const result = await mammoth.convertToHtml({ arrayBuffer });
      setHtml(result.value);
      setWarnings(result.messages);
    } catch (err) {
      setError('Could not convert: ' + err.message);
    }
  };

  return (
    <div className="max-w-3xl mx-auto p-6">
      <div className="flex items-center gap-2 mb-4">
        <FileText className="w-6 h-6 text-blue-600" />
        <h1 className="text-xl font-bold">Word to HTML</h1>
      </div>
      <label className="flex items-center gap-2 p-4 border-2 border-dashed rounded-lg cursor-pointer hover:bg-gray-50">
        <Upload className="w-5 h-5" />
        <span>{name || 'Choose a .docx file'}</span>
        <input id="file" type="file" accept=".docx" className="hidden" onChange={handleFile} />
      </label>
      {error && <p className="text-red-600 mt-2">{error}</p>}
      {html && (
        <>
          <p id="notes" className="text-sm text-gray-500 mt-4">{warnings.length} conversion notes</p>
          <div id="doc" className="mt-2 p-4 border rounded [&_h1]:text-2xl [&_h1]:font-bold [&_ul]:list-disc [&_ul]:pl-6" dangerouslySetInnerHTML={{ __html: html }} />
        </>
      )}
    </div>
  );
}
`;

/** A Claude three.js scene with a bloom pass from three's post-processing add-ons. */
export const THREE_BLOOM = `import React, { useEffect, useRef } from 'react';
import * as THREE from 'three';
import { EffectComposer } from 'three/examples/jsm/postprocessing/EffectComposer.js';
import { RenderPass } from 'three/examples/jsm/postprocessing/RenderPass.js';
import { UnrealBloomPass } from 'three/examples/jsm/postprocessing/UnrealBloomPass.js';

export default function GlowingOrb() {
  const mountRef = useRef(null);
  useEffect(() => {
    const scene = new THREE.Scene();
    const camera = new THREE.PerspectiveCamera(60, 1, 0.1, 100);
    const renderer = new THREE.WebGLRenderer();
    const composer = new EffectComposer(renderer);
    composer.addPass(new RenderPass(scene, camera));
    composer.addPass(new UnrealBloomPass(new THREE.Vector2(400, 400), 1.5, 0.4, 0.85));
    mountRef.current.appendChild(renderer.domElement);
    composer.render();
    return () => mountRef.current?.removeChild(renderer.domElement);
  }, []);
  return <div ref={mountRef} />;
}
`;
