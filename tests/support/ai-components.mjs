// Single-file React components written here in the style Claude artifacts, ChatGPT canvas, Gemini
// and v0 write them (shadcn/ui from "@/components/ui/*", lucide icons, recharts, Tailwind v3 classes,
// the tools' globals). Used by tests/react-kit.browser.test.mjs and by `npm run bench`.

export const DASHBOARD = `
import React, { useState } from 'react';
import { Card, CardContent, CardHeader, CardTitle, CardDescription } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Button } from '@/components/ui/button';
import { Badge } from '@/components/ui/badge';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { TrendingUp, Users, DollarSign, Github } from 'lucide-react';
import { LineChart, Line, BarChart, Bar, XAxis, YAxis, CartesianGrid, Tooltip, ResponsiveContainer } from 'recharts';

const data = [
  { month: 'Jan', revenue: 4200, users: 240 },
  { month: 'Feb', revenue: 5100, users: 310 },
  { month: 'Mar', revenue: 4800, users: 290 },
  { month: 'Apr', revenue: 6300, users: 420 },
  { month: 'May', revenue: 7100, users: 480 },
  { month: 'Jun', revenue: 6900, users: 510 },
];

export default function SalesDashboard() {
  const [range, setRange] = useState('6m');
  const [clicks, setClicks] = useState(0);
  return (
    <div className="min-h-screen bg-gray-50 p-6">
      <div className="max-w-5xl mx-auto space-y-6">
        <div className="flex items-center justify-between">
          <h1 className="text-3xl font-bold text-gray-900">Sales Overview</h1>
          <div className="flex items-center gap-3">
            <Badge variant="secondary" className="rounded">Live</Badge>
            <Select value={range} onValueChange={setRange}>
              <SelectTrigger className="w-[140px]" data-testid="range"><SelectValue placeholder="Range" /></SelectTrigger>
              <SelectContent>
                <SelectItem value="3m">Last 3 months</SelectItem>
                <SelectItem value="6m">Last 6 months</SelectItem>
              </SelectContent>
            </Select>
            <Button onClick={() => setClicks(clicks + 1)}>Refresh ({clicks})</Button>
          </div>
        </div>
        <div className="grid grid-cols-3 gap-4">
          <Card><CardHeader className="flex flex-row items-center justify-between pb-2"><CardTitle className="text-sm font-medium">Revenue</CardTitle><DollarSign className="h-4 w-4 text-gray-500" /></CardHeader><CardContent><div className="text-2xl font-bold">$34,400</div><p className="text-[10px] text-green-600 bg-[#1e293b] px-1">+12% from last period</p></CardContent></Card>
          <Card><CardHeader className="flex flex-row items-center justify-between pb-2"><CardTitle className="text-sm font-medium">Users</CardTitle><Users className="h-4 w-4 text-gray-500" /></CardHeader><CardContent><div className="text-2xl font-bold">2,250</div></CardContent></Card>
          <Card><CardHeader className="flex flex-row items-center justify-between pb-2"><CardTitle className="text-sm font-medium">Growth</CardTitle><TrendingUp className="h-4 w-4 text-gray-500" /></CardHeader><CardContent><div className="text-2xl font-bold">+64%</div><Github className="h-4 w-4" /></CardContent></Card>
        </div>
        <Tabs defaultValue="revenue">
          <TabsList>
            <TabsTrigger value="revenue">Revenue</TabsTrigger>
            <TabsTrigger value="users">Users</TabsTrigger>
          </TabsList>
          <TabsContent value="revenue">
            <Card><CardHeader><CardTitle>Revenue</CardTitle><CardDescription>Monthly revenue ({range})</CardDescription></CardHeader>
              <CardContent className="h-[300px]">
                <ResponsiveContainer width="100%" height="100%">
                  <LineChart data={data}><CartesianGrid strokeDasharray="3 3" /><XAxis dataKey="month" /><YAxis /><Tooltip /><Line type="monotone" dataKey="revenue" stroke="#2563eb" strokeWidth={2} isAnimationActive={false} /></LineChart>
                </ResponsiveContainer>
              </CardContent></Card>
          </TabsContent>
          <TabsContent value="users">
            <Card><CardContent className="h-[300px] pt-6">
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={data}><CartesianGrid strokeDasharray="3 3" /><XAxis dataKey="month" /><YAxis /><Tooltip /><Bar dataKey="users" fill="#16a34a" isAnimationActive={false} /></BarChart>
              </ResponsiveContainer>
            </CardContent></Card>
          </TabsContent>
        </Tabs>
      </div>
    </div>
  );
}
`;

// The same page drawn with React alone: inline styles, hand-drawn SVG icons and chart, no imports
// beyond React. The benchmark's baseline for the dashboard above.
export const REACT_ONLY_DASHBOARD = `import React, { useState } from 'react';

const data = [
  { month: 'Jan', revenue: 4200, users: 240 },
  { month: 'Feb', revenue: 5100, users: 310 },
  { month: 'Mar', revenue: 4800, users: 290 },
  { month: 'Apr', revenue: 6300, users: 420 },
  { month: 'May', revenue: 7100, users: 480 },
  { month: 'Jun', revenue: 6900, users: 510 },
];
const card = { background: '#fff', border: '1px solid #e2e8f0', borderRadius: 8, padding: 24, boxShadow: '0 1px 2px rgba(0,0,0,.05)' };
const Icon = ({ d }) => (<svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="#64748b" strokeWidth="2"><path d={d} /></svg>);

function Chart({ field, bars }) {
  const max = Math.max(...data.map((row) => row[field]));
  const x = (i) => 40 + i * 150;
  const y = (v) => 260 - (v / max) * 240;
  return (
    <svg width="100%" height="300" viewBox="0 0 840 300">
      <line x1="40" y1="260" x2="820" y2="260" stroke="#94a3b8" />
      <line x1="40" y1="20" x2="40" y2="260" stroke="#94a3b8" />
      {data.map((row, i) => (<text key={row.month} x={x(i)} y="280" fontSize="12" textAnchor="middle">{row.month}</text>))}
      {bars
        ? data.map((row, i) => (<rect key={row.month} x={x(i) - 20} y={y(row[field])} width="40" height={260 - y(row[field])} fill="#16a34a" />))
        : (<polyline fill="none" stroke="#2563eb" strokeWidth="2" points={data.map((row, i) => x(i) + ',' + y(row[field])).join(' ')} />)}
    </svg>
  );
}

export default function SalesDashboard() {
  const [range, setRange] = useState('6m');
  const [clicks, setClicks] = useState(0);
  const [tab, setTab] = useState('revenue');
  return (
    <div style={{ minHeight: '100vh', background: '#f9fafb', padding: 24, fontFamily: 'system-ui, sans-serif' }}>
      <div style={{ maxWidth: 1024, margin: '0 auto', display: 'grid', gap: 24 }}>
        <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
          <h1 style={{ fontSize: 30, fontWeight: 700, color: '#111827', margin: 0 }}>Sales Overview</h1>
          <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
            <span style={{ background: '#f1f5f9', borderRadius: 4, padding: '2px 10px', fontSize: 12, fontWeight: 600 }}>Live</span>
            <select value={range} onChange={(e) => setRange(e.target.value)} style={{ width: 140, height: 40, borderRadius: 6 }}>
              <option value="3m">Last 3 months</option>
              <option value="6m">Last 6 months</option>
            </select>
            <button onClick={() => setClicks(clicks + 1)} style={{ height: 40, padding: '0 16px', background: '#0f172a', color: '#fff', borderRadius: 6, border: 0 }}>Refresh ({clicks})</button>
          </div>
        </div>
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 16 }}>
          <div style={card}><div style={{ display: 'flex', justifyContent: 'space-between' }}><b style={{ fontSize: 14 }}>Revenue</b><Icon d="M12 2v20M17 5H9.5a3.5 3.5 0 0 0 0 7h5a3.5 3.5 0 0 1 0 7H6" /></div><div style={{ fontSize: 24, fontWeight: 700 }}>$34,400</div><p style={{ fontSize: 10, color: '#16a34a', background: '#1e293b', padding: '0 4px' }}>+12% from last period</p></div>
          <div style={card}><div style={{ display: 'flex', justifyContent: 'space-between' }}><b style={{ fontSize: 14 }}>Users</b><Icon d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2" /></div><div style={{ fontSize: 24, fontWeight: 700 }}>2,250</div></div>
          <div style={card}><div style={{ display: 'flex', justifyContent: 'space-between' }}><b style={{ fontSize: 14 }}>Growth</b><Icon d="M22 7l-8.5 8.5-5-5L2 17" /></div><div style={{ fontSize: 24, fontWeight: 700 }}>+64%</div></div>
        </div>
        <div>
          <div style={{ display: 'inline-flex', background: '#f1f5f9', borderRadius: 6, padding: 4 }}>
            {['revenue', 'users'].map((name) => (<button key={name} onClick={() => setTab(name)} style={{ border: 0, borderRadius: 4, padding: '6px 12px', background: tab === name ? '#fff' : 'transparent' }}>{name === 'revenue' ? 'Revenue' : 'Users'}</button>))}
          </div>
          <div style={{ ...card, marginTop: 8 }}>
            <h3 style={{ fontSize: 24, margin: 0 }}>{tab === 'revenue' ? 'Revenue' : 'Users'}</h3>
            <p style={{ fontSize: 14, color: '#64748b' }}>Monthly figures ({range})</p>
            <Chart field={tab} bars={tab === 'users'} />
          </div>
        </div>
      </div>
    </div>
  );
}
`;

// A settings form: shadcn Input, Label, Slider and Switch.
export const FORM = `import React, { useState } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Slider } from "@/components/ui/slider";
import { Switch } from "@/components/ui/switch";
import { Bell } from "lucide-react";

export default function NotificationSettings() {
  const [name, setName] = useState("");
  const [volume, setVolume] = useState([40]);
  const [enabled, setEnabled] = useState(false);
  return (
    <div className="p-8 max-w-md mx-auto">
      <Card>
        <CardHeader><CardTitle className="flex items-center gap-2"><Bell className="w-5 h-5" /> Notifications</CardTitle></CardHeader>
        <CardContent className="space-y-6">
          <div className="space-y-2">
            <Label htmlFor="name">Display name</Label>
            <Input id="name" placeholder="Ada" value={name} onChange={(e) => setName(e.target.value)} />
          </div>
          <div className="space-y-2">
            <Label>Volume: <span id="volume">{volume[0]}</span></Label>
            <Slider value={volume} onValueChange={setVolume} max={100} step={1} />
          </div>
          <div className="flex items-center justify-between">
            <Label htmlFor="alerts">Email alerts</Label>
            <Switch id="alerts" checked={enabled} onCheckedChange={setEnabled} />
          </div>
          <p id="summary" className="text-sm text-gray-600">{name || "Nobody"} gets {enabled ? "email" : "no email"} at volume {volume[0]}</p>
        </CardContent>
      </Card>
    </div>
  );
}
`;

// A calculator on mathjs, as these tools write one.
export const CALCULATOR = `import React, { useState } from 'react';
import { evaluate, format } from 'mathjs';
import { Calculator as CalcIcon, Grid2x2 } from 'lucide-react';

const KEYS = ['7', '8', '9', '/', '4', '5', '6', '*', '1', '2', '3', '-', '0', '.', '=', '+'];

export default function Calculator() {
  const [expr, setExpr] = useState('');
  const [result, setResult] = useState('');
  const press = (key) => {
    if (key === '=') {
      try { setResult(format(evaluate(expr), { precision: 10 })); } catch (e) { setResult('Error'); }
    } else {
      setExpr(expr + key);
    }
  };
  return (
    <div className="flex justify-center p-8">
      <div className="w-72 rounded-xl bg-slate-800 p-4 shadow-lg">
        <div className="flex items-center gap-2 text-slate-300 mb-2"><CalcIcon size={16} /> mathjs <Grid2x2 size={16} /></div>
        <div id="expr" className="h-8 text-right text-slate-400 font-mono">{expr}</div>
        <div id="result" className="h-10 text-right text-3xl text-white font-mono">{result}</div>
        <div className="grid grid-cols-4 gap-2 mt-4">
          {KEYS.map((k) => (
            <button key={k} onClick={() => press(k)} className="rounded bg-slate-700 py-3 text-lg text-white hover:bg-slate-600">{k}</button>
          ))}
        </div>
        <button onClick={() => { setExpr(''); setResult(''); }} className="mt-2 w-full rounded bg-red-500 py-2 text-white">Clear</button>
      </div>
    </div>
  );
}
`;

// A three.js (r128) scene: a lit rotating cube in a canvas the component mounts itself.
export const THREE_SCENE = `import React, { useEffect, useRef, useState } from 'react';
import * as THREE from 'three';

export default function SpinningCube() {
  const mountRef = useRef(null);
  const [frames, setFrames] = useState(0);
  useEffect(() => {
    const mount = mountRef.current;
    const scene = new THREE.Scene();
    scene.background = new THREE.Color(0x0f172a);
    const camera = new THREE.PerspectiveCamera(75, 400 / 300, 0.1, 1000);
    camera.position.z = 3;
    const renderer = new THREE.WebGLRenderer({ antialias: true });
    renderer.setSize(400, 300);
    mount.appendChild(renderer.domElement);
    const cube = new THREE.Mesh(new THREE.BoxGeometry(1, 1, 1), new THREE.MeshStandardMaterial({ color: 0x22c55e }));
    scene.add(cube);
    scene.add(new THREE.AmbientLight(0xffffff, 0.4));
    const light = new THREE.DirectionalLight(0xffffff, 1);
    light.position.set(2, 2, 5);
    scene.add(light);
    let id;
    let count = 0;
    const animate = () => {
      cube.rotation.x += 0.01;
      cube.rotation.y += 0.01;
      renderer.render(scene, camera);
      count += 1;
      if (count % 10 === 0) setFrames(count);
      id = requestAnimationFrame(animate);
    };
    animate();
    return () => { cancelAnimationFrame(id); renderer.dispose(); mount.removeChild(renderer.domElement); };
  }, []);
  return (
    <div className="p-6">
      <h2 className="text-xl font-semibold mb-2">Three.js r{THREE.REVISION}</h2>
      <div ref={mountRef} />
      <p id="frames" className="text-sm text-gray-500">{frames} frames</p>
    </div>
  );
}
`;

// A framer-motion list: items animate in and out.
export const MOTION_LIST = `import React, { useState } from 'react';
import { motion, AnimatePresence } from 'framer-motion';
import { Plus, X } from 'lucide-react';

export default function TaskList() {
  const [items, setItems] = useState(['Write brief', 'Review PR']);
  return (
    <div className="max-w-sm mx-auto p-6">
      <button onClick={() => setItems([...items, 'Task ' + (items.length + 1)])} className="flex items-center gap-1 rounded-md bg-indigo-600 px-3 py-2 text-white">
        <Plus className="w-4 h-4" /> Add
      </button>
      <ul className="mt-4 space-y-2">
        <AnimatePresence>
          {items.map((item) => (
            <motion.li key={item} initial={{ opacity: 0, x: -20 }} animate={{ opacity: 1, x: 0 }} exit={{ opacity: 0, x: 20 }}
              className="flex items-center justify-between rounded border border-gray-200 bg-white px-3 py-2 shadow">
              <span>{item}</span>
              <button aria-label={'Remove ' + item} onClick={() => setItems(items.filter((i) => i !== item))}><X className="w-4 h-4" /></button>
            </motion.li>
          ))}
        </AnimatePresence>
      </ul>
    </div>
  );
}
`;

// A habit tracker keeping its entries with Claude's persistent storage API.
export const TRACKER = `import React, { useState, useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Trash2 } from 'lucide-react';

export default function HabitTracker() {
  const [entries, setEntries] = useState([]);
  const [text, setText] = useState('');
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    (async () => {
      try {
        const saved = await window.storage.get('entries');
        if (saved) setEntries(JSON.parse(saved.value));
      } catch (e) {
        // first run: nothing stored yet
      }
      setLoaded(true);
    })();
  }, []);

  const save = async (next) => {
    setEntries(next);
    await window.storage.set('entries', JSON.stringify(next));
  };

  return (
    <div className="max-w-md mx-auto p-6 space-y-4" data-loaded={loaded}>
      <h1 className="text-2xl font-bold">Habits</h1>
      <div className="flex gap-2">
        <Input value={text} onChange={(e) => setText(e.target.value)} placeholder="New habit" />
        <Button onClick={() => { if (text) { save([...entries, text]); setText(''); } }}>Add</Button>
      </div>
      <ul className="space-y-1">
        {entries.map((entry, i) => (
          <li key={i} className="flex justify-between rounded bg-gray-100 px-3 py-2">
            <span>{entry}</span>
            <button aria-label="Delete" onClick={() => save(entries.filter((_, j) => j !== i))}><Trash2 className="h-4 w-4" /></button>
          </li>
        ))}
      </ul>
    </div>
  );
}
`;

// A Next.js-flavoured client component: "use client", import.meta.env, a chat-attached file read.
export const ENV_CLIENT = `"use client";
import { useState } from "react";
import { FileText } from "lucide-react";

const API_URL = import.meta.env.VITE_API_URL || "https://api.example.com";

export default function Uploader() {
  const [status, setStatus] = useState("idle");
  const read = async () => {
    try {
      await window.fs.readFile("data.csv", { encoding: "utf8" });
      setStatus("read");
    } catch (e) {
      setStatus("unavailable");
    }
  };
  return (
    <div className="p-6">
      <p id="api" className="text-sm">API: {API_URL}</p>
      <p id="env" className="text-sm">{JSON.stringify(import.meta.env)}</p>
      <button onClick={read} className="mt-2 flex items-center gap-2 rounded border px-3 py-1"><FileText className="w-4 h-4" /> Read data.csv</button>
      <p id="status">{status}</p>
    </div>
  );
}
`;

// A v0-style project page on the ui components v0 and Claude reach for beyond the basics: a sheet
// from the right, skeletons in an aspect ratio, a radio group, a collapsible, a breadcrumb, a
// toggle, pagination, an alert dialog and a hover card.
export const PROJECT_PAGE = `"use client"

import { useState } from "react"
import { Bell, ChevronsUpDown, Menu } from "lucide-react"
import { Button } from "@/components/ui/button"
import { Label } from "@/components/ui/label"
import { Sheet, SheetClose, SheetContent, SheetDescription, SheetFooter, SheetHeader, SheetTitle, SheetTrigger } from "@/components/ui/sheet"
import { Skeleton } from "@/components/ui/skeleton"
import { AspectRatio } from "@/components/ui/aspect-ratio"
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "@/components/ui/collapsible"
import {
  Breadcrumb,
  BreadcrumbEllipsis,
  BreadcrumbItem,
  BreadcrumbLink,
  BreadcrumbList,
  BreadcrumbPage,
  BreadcrumbSeparator,
} from "@/components/ui/breadcrumb"
import {
  Pagination,
  PaginationContent,
  PaginationEllipsis,
  PaginationItem,
  PaginationLink,
  PaginationNext,
  PaginationPrevious,
} from "@/components/ui/pagination"
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group"
import { Toggle } from "@/components/ui/toggle"
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog"
import { HoverCard, HoverCardContent, HoverCardTrigger } from "@/components/ui/hover-card"

export default function ProjectPage() {
  const [plan, setPlan] = useState("pro")
  const [page, setPage] = useState(1)
  const [muted, setMuted] = useState(false)
  const [deleted, setDeleted] = useState(false)
  const [isOpen, setIsOpen] = useState(false)
  const go = (n) => (e) => {
    e.preventDefault()
    setPage(Math.min(3, Math.max(1, n)))
  }

  return (
    <div className="min-h-screen bg-background p-6">
      <Breadcrumb>
        <BreadcrumbList>
          <BreadcrumbItem>
            <BreadcrumbLink href="#">Home</BreadcrumbLink>
          </BreadcrumbItem>
          <BreadcrumbSeparator />
          <BreadcrumbItem>
            <BreadcrumbEllipsis />
          </BreadcrumbItem>
          <BreadcrumbSeparator />
          <BreadcrumbItem>
            <BreadcrumbLink href="#projects">Projects</BreadcrumbLink>
          </BreadcrumbItem>
          <BreadcrumbSeparator />
          <BreadcrumbItem>
            <BreadcrumbPage>Acme</BreadcrumbPage>
          </BreadcrumbItem>
        </BreadcrumbList>
      </Breadcrumb>

      <div className="mt-4 flex items-center justify-between">
        <h1 className="text-2xl font-semibold tracking-tight">Acme</h1>
        <div className="flex items-center gap-2">
          <Toggle aria-label="Mute notifications" pressed={muted} onPressedChange={setMuted}>
            <Bell className="h-4 w-4" />
          </Toggle>
          <Sheet>
            <SheetTrigger asChild>
              <Button variant="outline" size="icon">
                <Menu className="h-4 w-4" />
                <span className="sr-only">Open settings</span>
              </Button>
            </SheetTrigger>
            <SheetContent>
              <SheetHeader>
                <SheetTitle>Project settings</SheetTitle>
                <SheetDescription>Choose a plan for Acme.</SheetDescription>
              </SheetHeader>
              <RadioGroup value={plan} onValueChange={setPlan} className="py-4">
                {["free", "pro", "team"].map((p) => (
                  <div key={p} className="flex items-center space-x-2">
                    <RadioGroupItem value={p} id={p} />
                    <Label htmlFor={p} className="capitalize">{p}</Label>
                  </div>
                ))}
              </RadioGroup>
              <SheetFooter>
                <SheetClose asChild>
                  <Button type="submit">Save changes</Button>
                </SheetClose>
              </SheetFooter>
            </SheetContent>
          </Sheet>
        </div>
      </div>
      <p id="status" className="text-sm text-muted-foreground">
        Plan: {plan} · page {page} · {muted ? "muted" : "notifying"}{deleted ? " · deleted" : ""}
      </p>

      <div className="mt-6 flex gap-6">
        <div className="w-[320px]">
          <AspectRatio ratio={16 / 9} className="rounded-md bg-muted">
            <Skeleton className="h-full w-full" />
          </AspectRatio>
        </div>
        <div className="space-y-2">
          <Skeleton className="h-4 w-[250px]" />
          <Skeleton className="h-4 w-[200px]" />
        </div>
      </div>

      <Collapsible open={isOpen} onOpenChange={setIsOpen} className="mt-6 w-[350px] space-y-2">
        <div className="flex items-center justify-between space-x-4 px-4">
          <h4 className="text-sm font-semibold">3 repositories</h4>
          <CollapsibleTrigger asChild>
            <Button variant="ghost" size="sm" className="w-9 p-0">
              <ChevronsUpDown className="h-4 w-4" />
              <span className="sr-only">Toggle</span>
            </Button>
          </CollapsibleTrigger>
        </div>
        <div className="rounded-md border px-4 py-3 font-mono text-sm">@acme/rockets</div>
        <CollapsibleContent className="space-y-2">
          <div className="rounded-md border px-4 py-3 font-mono text-sm">@acme/fuel</div>
          <div className="rounded-md border px-4 py-3 font-mono text-sm">@acme/launchpad</div>
        </CollapsibleContent>
      </Collapsible>

      <div className="mt-6 flex items-center gap-4">
        <HoverCard openDelay={100}>
          <HoverCardTrigger asChild>
            <Button variant="link">@acme</Button>
          </HoverCardTrigger>
          <HoverCardContent className="w-80">
            <p className="text-sm">Acme builds rockets since 1949.</p>
          </HoverCardContent>
        </HoverCard>
        <AlertDialog>
          <AlertDialogTrigger asChild>
            <Button variant="destructive">Delete project</Button>
          </AlertDialogTrigger>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>Are you absolutely sure?</AlertDialogTitle>
              <AlertDialogDescription>This permanently deletes Acme and its repositories.</AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel>Cancel</AlertDialogCancel>
              <AlertDialogAction onClick={() => setDeleted(true)}>Continue</AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      </div>

      <Pagination className="mt-6">
        <PaginationContent>
          <PaginationItem>
            <PaginationPrevious href="#" onClick={go(page - 1)} />
          </PaginationItem>
          {[1, 2, 3].map((n) => (
            <PaginationItem key={n}>
              <PaginationLink href="#" isActive={page === n} onClick={go(n)}>{n}</PaginationLink>
            </PaginationItem>
          ))}
          <PaginationItem>
            <PaginationEllipsis />
          </PaginationItem>
          <PaginationItem>
            <PaginationNext href="#" onClick={go(page + 1)} />
          </PaginationItem>
        </PaginationContent>
      </Pagination>
    </div>
  )
}
`;

// One component touching each remaining library of the contract, as a smoke test that every one
// resolves, runs, and (react-plotly.js) renders with the page's React.
export const EVERY_LIBRARY = `import React, { useEffect, useRef, useState } from 'react';
import * as d3 from 'd3';
import _ from 'lodash';
import { chunk } from 'lodash';
import Papa from 'papaparse';
import Chart from 'chart.js/auto';
import * as Tone from 'tone';
import Plot from 'react-plotly.js';
import Plotly from 'plotly';
import mammoth from 'mammoth';

export default function Everything() {
  const canvas = useRef(null);
  const [chartType, setChartType] = useState('');
  useEffect(() => {
    const chart = new Chart(canvas.current, { type: 'bar', data: { labels: ['a', 'b'], datasets: [{ label: 'n', data: [1, 2] }] }, options: { animation: false } });
    setChartType(chart.config.type);
    return () => chart.destroy();
  }, []);
  const scale = d3.scaleLinear().domain([0, 10]).range([0, 100]);
  const rows = Papa.parse('name,age\\nAda,36\\nAlan,41', { header: true }).data;
  return (
    <div className="p-4 space-y-2">
      <p id="d3">{scale(5)}</p>
      <p id="lodash">{JSON.stringify(chunk([1, 2, 3, 4], 2))} {_.sum([1, 2, 3])}</p>
      <p id="papa">{rows.map((r) => r.name).join(',')}</p>
      <p id="chart">{chartType}</p>
      <p id="tone">{typeof Tone.Synth}</p>
      <p id="plotly">{typeof Plotly.newPlot}</p>
      <p id="mammoth">{typeof mammoth.convertToHtml}</p>
      <canvas ref={canvas} width="200" height="100" />
      <Plot data={[{ x: [1, 2, 3], y: [2, 6, 3], type: 'scatter' }]} layout={{ width: 320, height: 240, title: 'Plot' }} />
    </div>
  );
}
`;

// A v0 block: Next.js code with "use client", next/link, next/image (fill, priority, placeholder),
// the App Router's hooks with a hash push, and a Google font, on shadcn's Button and Card.
const HERO_SVG = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400"><rect width="600" height="400" fill="#0ea5e9"/></svg>')}`;
export const NEXT_BLOCK = `"use client"

import { useState } from "react"
import Link from "next/link"
import Image from "next/image"
import { usePathname, useRouter, useSearchParams } from "next/navigation"
import { Inter } from "next/font/google"
import { ArrowRight } from "lucide-react"
import { Button } from "@/components/ui/button"
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card"

const inter = Inter({ subsets: ["latin"] })

export default function Component() {
  const router = useRouter()
  const pathname = usePathname()
  const searchParams = useSearchParams()
  const [open, setOpen] = useState(false)

  return (
    <div className={\`\${inter.className} min-h-screen bg-white\`} style={inter.style}>
      <header className="flex h-14 items-center gap-4 border-b px-6">
        <Link href="/" className="font-semibold" prefetch={false}>
          Acme
        </Link>
        <nav className="ml-auto flex gap-4 text-sm">
          <Link href="/pricing" className="hover:underline underline-offset-4" prefetch={false}>
            Pricing
          </Link>
          <Link href={{ pathname: "/docs", query: { tab: "api" } }} className="hover:underline underline-offset-4">
            Docs
          </Link>
        </nav>
      </header>
      <main className="mx-auto max-w-3xl space-y-6 p-6">
        <div className="relative aspect-video overflow-hidden rounded-lg">
          <Image src="${HERO_SVG}" alt="Hero" fill priority placeholder="empty" quality={90} className="object-cover" />
        </div>
        <Card>
          <CardHeader>
            <CardTitle>Ship faster</CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            <p id="where" className="text-sm text-muted-foreground">{pathname}{searchParams.get("ref") ? " from " + searchParams.get("ref") : ""}</p>
            <Button id="more" onClick={() => { setOpen(true); router.push("#details") }}>
              Learn more <ArrowRight className="ml-2 h-4 w-4" />
            </Button>
            <Button id="from" variant="outline" onClick={() => router.push(pathname + "?ref=nav")}>
              From the nav
            </Button>
          </CardContent>
        </Card>
        {open && (
          <section id="details" className="rounded-lg border p-4">
            Details are open.
          </section>
        )}
      </main>
    </div>
  )
}
`;

// v0's toasts: shadcn's <Toaster /> (ui/sonner) once in the tree and sonner's toast() from a click.
export const TOASTS = `"use client"

import { toast } from "sonner"
import { Toaster } from "@/components/ui/sonner"
import { Button } from "@/components/ui/button"

export default function SaveBar() {
  return (
    <div className="flex gap-2 p-6">
      <Toaster position="bottom-right" />
      <Button id="save" onClick={() => toast.success("Changes saved", { description: "Your profile is up to date." })}>
        Save
      </Button>
      <Button id="plain" variant="outline" onClick={() => toast("Event has been created")}>
        Create event
      </Button>
    </div>
  )
}
`;
