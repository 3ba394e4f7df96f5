// Single-file React components of sweep 13 (tests/react-kit-sweep13.browser.test.mjs), written as
// the tools write them today: a v0 status card overriding shadcn's variants with Tailwind v4's `!`
// suffix and tinting with `bg-(--status)/15`, with `inset-shadow-*` and `inset-ring`; a v0 hero whose
// app window fades out with v4.1's `mask-b-from-*` over a `mask-radial-*` grid, on motion/react; a
// Claude habit tracker on `window.storage`, recharts and date-fns; a ChatGPT canvas budget that parses
// a CSV with papaparse, sums it with lodash, draws a recharts pie and evaluates a what-if with mathjs;
// a Gemini Canvas d3 chart; a v0 demo-request form on react-hook-form, zod and sonner; a ChatGPT memory
// game on framer-motion's `motion.create` and lodash's `shuffle`; and a v0 chat on the AI SDK's
// `useChat`, which cannot work in a drop and must say so.

/** v0: an incident card, shadcn's Badge and Button overridden with v4's important suffix. */
export const V0_STATUS = `"use client"

import { useState } from "react"
import Link from "next/link"
import { TriangleAlert, Bell, CircleCheck } from "lucide-react"
import { toast } from "sonner"
import { Badge } from "@/components/ui/badge"
import { Button } from "@/components/ui/button"
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card"

type Update = { time: string; text: string }

const updates = [
  { time: "14:32 UTC", text: "Error rates are back to normal in eu-west." },
  { time: "14:05 UTC", text: "A fix is rolling out to the API gateways." },
  { time: "13:48 UTC", text: "Investigating elevated 502s on the API." },
] satisfies Update[]

export default function Component() {
  const [subscribed, setSubscribed] = useState(false)

  return (
    <main className="flex min-h-screen items-start justify-center bg-zinc-50 p-8">
      <Card
        id="incident"
        style={{ "--status": "#ef4444" } as React.CSSProperties}
        className="w-full max-w-xl border-(--status)/40 bg-(--status)/15"
      >
        <CardHeader className="flex-row items-start gap-3 space-y-0">
          <TriangleAlert className="mt-0.5 size-5 text-(--status)" />
          <div className="flex-1">
            <div className="flex items-center gap-2">
              <CardTitle className="text-base">Elevated API errors</CardTitle>
              <Badge id="severity" className="bg-red-500! text-white hover:bg-red-600!">Major outage</Badge>
            </div>
            <CardDescription>Started 13:41 UTC · affects eu-west</CardDescription>
          </div>
        </CardHeader>
        <CardContent className="space-y-4">
          <ol id="log" className="space-y-2 rounded-lg bg-white/70 p-3 inset-shadow-sm inset-shadow-black/10 inset-ring inset-ring-red-500/20">
            {updates.map((u) => (
              <li key={u.time} className="flex gap-3 text-sm">
                <span className="w-20 shrink-0 font-mono text-xs text-zinc-500">{u.time}</span>
                <span>{u.text}</span>
              </li>
            ))}
          </ol>
          <div className="flex items-center justify-between">
            <Link href="#history" className="text-sm underline underline-offset-4">
              Incident history
            </Link>
            <Button
              id="subscribe"
              variant="outline"
              className="gap-2 border-zinc-300!"
              onClick={() => {
                setSubscribed(true)
                toast.success("Subscribed to incident updates")
              }}
            >
              {subscribed ? <CircleCheck className="size-4" /> : <Bell className="size-4" />}
              {subscribed ? "Subscribed" : "Get updates"}
            </Button>
          </div>
        </CardContent>
      </Card>
    </main>
  )
}
`;

/** v0: a landing hero, its app window faded out at the bottom with v4.1's masks, on motion/react. */
export const V0_HERO = `"use client"

import Link from "next/link"
import Image from "next/image"
import { motion } from "motion/react"
import { ArrowRight, Sparkles } from "lucide-react"
import { Button } from "@/components/ui/button"

export default function Hero() {
  return (
    <section className="relative isolate overflow-hidden bg-white">
      <div
        id="grid"
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(#a5b4fc_1px,transparent_1px)] [background-size:16px_16px] mask-radial-from-20% mask-radial-to-70% mask-radial-at-top"
      />
      <div className="mx-auto max-w-5xl px-6 pt-20 text-center">
        <motion.div initial={{ opacity: 0, y: 12 }} animate={{ opacity: 1, y: 0 }} transition={{ duration: 0.4 }}>
          <span className="inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-xs font-medium text-zinc-600 inset-shadow-2xs">
            <Sparkles className="size-3.5 text-indigo-500" /> New: shared dashboards
          </span>
          <h1 className="mt-6 text-5xl font-semibold tracking-tight text-balance">Ship reports your team actually reads</h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-zinc-600">One place for the numbers, the notes and the decisions behind them.</p>
          <div className="mt-8 flex justify-center gap-3">
            <Button asChild size="lg">
              <Link href="#signup">
                Start free <ArrowRight className="ml-1 size-4" />
              </Link>
            </Button>
          </div>
        </motion.div>
        <div id="window" className="relative mx-auto mt-14 h-96 max-w-4xl overflow-hidden rounded-t-xl bg-zinc-900 mask-b-from-40%">
          <div className="flex h-9 items-center gap-1.5 border-b border-white/10 px-4">
            <span className="size-2.5 rounded-full bg-red-400" />
            <span className="size-2.5 rounded-full bg-amber-400" />
            <span className="size-2.5 rounded-full bg-emerald-400" />
          </div>
          <div className="grid grid-cols-3 gap-4 p-6">
            {["Revenue", "Active users", "Churn"].map((label) => (
              <div key={label} className="rounded-lg bg-white/5 p-4 text-left">
                <p className="text-xs text-zinc-400">{label}</p>
                <div className="mt-3 h-2 w-2/3 rounded bg-indigo-400/60" />
              </div>
            ))}
          </div>
        </div>
        <div className="mt-10 flex items-center justify-center gap-10 pb-16 opacity-70 grayscale">
          {[1, 2, 3].map((n) => (
            <Image key={n} src="/placeholder-logo.svg" alt={\`Customer \${n}\`} width={120} height={32} />
          ))}
        </div>
      </div>
    </section>
  )
}
`;

/** Claude: a habit tracker kept in window.storage, with a week's chart in recharts. */
export const CLAUDE_HABITS = `import React, { useState, useEffect } from 'react';
import { BarChart, Bar, XAxis, YAxis, Tooltip, ResponsiveContainer, CartesianGrid } from 'recharts';
import { Check, Flame, Plus, Trash2 } from 'lucide-react';
import { format, subDays } from 'date-fns';

const STORAGE_KEY = 'habit-tracker-data';
const today = () => format(new Date(), 'yyyy-MM-dd');

const DEFAULT_HABITS = [
  { id: 1, name: 'Drink 2L water', emoji: '💧', done: [] },
  { id: 2, name: 'Read 20 pages', emoji: '📚', done: [] },
  { id: 3, name: 'Walk 8k steps', emoji: '🚶', done: [] },
];

export default function HabitTracker() {
  const [habits, setHabits] = useState(DEFAULT_HABITS);
  const [newHabit, setNewHabit] = useState('');
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    const load = async () => {
      try {
        const result = await window.storage.get(STORAGE_KEY);
        if (result && result.value) setHabits(JSON.parse(result.value));
      } catch (error) {
        // First visit: nothing saved yet.
      }
      setLoaded(true);
    };
    load();
  }, []);

  const save = async (next) => {
    setHabits(next);
    try {
      await window.storage.set(STORAGE_KEY, JSON.stringify(next));
    } catch (error) {
      console.error('Failed to save habits:', error);
    }
  };

  const toggle = (id) => {
    const day = today();
    save(habits.map((h) => h.id !== id ? h : { ...h, done: h.done.includes(day) ? h.done.filter((d) => d !== day) : [...h.done, day] }));
  };

  const addHabit = () => {
    if (!newHabit.trim()) return;
    save([...habits, { id: Date.now(), name: newHabit.trim(), emoji: '✨', done: [] }]);
    setNewHabit('');
  };

  const streak = (habit) => {
    let count = 0;
    for (let i = 0; i < 365; i++) {
      if (habit.done.includes(format(subDays(new Date(), i), 'yyyy-MM-dd'))) count++;
      else break;
    }
    return count;
  };

  const week = Array.from({ length: 7 }, (_, i) => {
    const date = subDays(new Date(), 6 - i);
    const key = format(date, 'yyyy-MM-dd');
    return { day: format(date, 'EEE'), completed: habits.filter((h) => h.done.includes(key)).length };
  });

  if (!loaded) return <div className="p-8 text-slate-500">Loading…</div>;

  return (
    <div className="min-h-screen bg-gradient-to-br from-amber-50 to-orange-100 p-6">
      <div className="max-w-2xl mx-auto space-y-6">
        <h1 className="text-3xl font-bold text-slate-800">Daily Habits</h1>
        <div className="bg-white rounded-2xl shadow-sm p-4 space-y-2">
          {habits.map((habit) => {
            const doneToday = habit.done.includes(today());
            return (
              <div key={habit.id} className="habit flex items-center gap-3 p-3 rounded-xl hover:bg-slate-50">
                <button
                  onClick={() => toggle(habit.id)}
                  aria-label={'Mark ' + habit.name}
                  className={\`w-8 h-8 rounded-full border-2 flex items-center justify-center transition-colors \${doneToday ? 'bg-emerald-500 border-emerald-500 text-white' : 'border-slate-300'}\`}
                >
                  {doneToday && <Check size={16} />}
                </button>
                <span className="text-xl">{habit.emoji}</span>
                <span className={\`flex-1 \${doneToday ? 'line-through text-slate-400' : 'text-slate-700'}\`}>{habit.name}</span>
                <span className="streak flex items-center gap-1 text-sm text-orange-500">
                  <Flame size={14} /> {streak(habit)}
                </span>
                <button onClick={() => save(habits.filter((h) => h.id !== habit.id))} className="text-slate-300 hover:text-red-500">
                  <Trash2 size={16} />
                </button>
              </div>
            );
          })}
          <div className="flex gap-2 pt-2">
            <input
              value={newHabit}
              onChange={(e) => setNewHabit(e.target.value)}
              onKeyDown={(e) => e.key === 'Enter' && addHabit()}
              placeholder="New habit…"
              className="flex-1 px-3 py-2 border border-slate-200 rounded-lg focus:outline-none focus:ring-2 focus:ring-orange-300"
            />
            <button onClick={addHabit} className="px-3 py-2 bg-orange-500 text-white rounded-lg hover:bg-orange-600">
              <Plus size={18} />
            </button>
          </div>
        </div>
        <div className="bg-white rounded-2xl shadow-sm p-4">
          <h2 className="font-semibold text-slate-700 mb-3">This week</h2>
          <div style={{ width: '100%', height: 220 }}>
            <ResponsiveContainer>
              <BarChart data={week}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="day" />
                <YAxis allowDecimals={false} domain={[0, habits.length]} />
                <Tooltip />
                <Bar dataKey="completed" fill="#f97316" radius={[6, 6, 0, 0]} />
              </BarChart>
            </ResponsiveContainer>
          </div>
        </div>
      </div>
    </div>
  );
}
`;

/** ChatGPT canvas: a budget from a pasted CSV (papaparse, lodash), a recharts pie, a mathjs what-if. */
export const CHATGPT_BUDGET = `import React, { useMemo, useState } from "react";
import Papa from "papaparse";
import _ from "lodash";
import { evaluate } from "mathjs";
import { PieChart, Pie, Cell, Tooltip, Legend, ResponsiveContainer } from "recharts";
import { Wallet, Calculator } from "lucide-react";

type Row = { date: string; category: string; amount: number };

const SAMPLE = \`date,category,amount
2026-03-01,Rent,1450
2026-03-03,Groceries,86.40
2026-03-05,Transport,42
2026-03-09,Groceries,120.15
2026-03-12,Fun,64.95
2026-03-18,Transport,38.50
2026-03-22,Groceries,97.30\`;

const COLORS = {
  Rent: "#6366f1",
  Groceries: "#22c55e",
  Transport: "#f59e0b",
  Fun: "#ec4899",
} satisfies Record<string, string>;

function totalBy<T extends Record<string, unknown>>(rows: T[], key: keyof T, value: (row: T) => number) {
  return _.map(_.groupBy(rows, key), (items, name) => ({ name, value: _.round(_.sumBy(items, value), 2) }));
}

const money = (n: number) => n.toLocaleString("en-US", { style: "currency", currency: "USD" });

export default function BudgetBreakdown() {
  const [csv, setCsv] = useState<string>(SAMPLE);
  const [formula, setFormula] = useState("Rent * 1.05 + Groceries");

  const rows = useMemo(() => {
    const parsed = Papa.parse<Row>(csv.trim(), { header: true, dynamicTyping: true, skipEmptyLines: true });
    return parsed.data.filter((r) => typeof r.amount === "number");
  }, [csv]);

  const byCategory = useMemo(() => _.orderBy(totalBy(rows, "category", (r) => r.amount), ["value"], ["desc"]), [rows]);
  const total = _.sumBy(rows, "amount");

  let whatIf: string;
  try {
    const scope = Object.fromEntries(byCategory.map((c) => [c.name, c.value]));
    whatIf = money(Number(evaluate(formula, scope)));
  } catch (e) {
    whatIf = "—";
  }

  return (
    <div className="min-h-screen bg-slate-50 p-6">
      <div className="mx-auto grid max-w-5xl gap-6 md:grid-cols-2">
        <div className="rounded-2xl bg-white p-5 shadow">
          <h1 className="mb-3 flex items-center gap-2 text-xl font-bold text-slate-800">
            <Wallet className="h-5 w-5 text-indigo-500" /> Budget breakdown
          </h1>
          <textarea
            id="csv"
            value={csv}
            onChange={(e) => setCsv(e.target.value)}
            rows={10}
            className="w-full rounded-lg border border-slate-200 p-3 font-mono text-xs"
          />
          <p className="mt-3 text-sm text-slate-600">
            {rows.length} transactions · total <span id="total" className="font-semibold text-slate-900">{money(total)}</span>
          </p>
        </div>
        <div className="rounded-2xl bg-white p-5 shadow">
          <div id="pie" style={{ width: "100%", height: 280 }}>
            <ResponsiveContainer>
              <PieChart>
                <Pie data={byCategory} dataKey="value" nameKey="name" innerRadius={60} outerRadius={100} paddingAngle={2} isAnimationActive={false}>
                  {byCategory.map((entry) => (
                    <Cell key={entry.name} fill={COLORS[entry.name as keyof typeof COLORS] ?? "#94a3b8"} />
                  ))}
                </Pie>
                <Tooltip formatter={(v: number) => money(v)} />
                <Legend />
              </PieChart>
            </ResponsiveContainer>
          </div>
          <label className="mt-4 flex items-center gap-2 text-sm font-medium text-slate-700">
            <Calculator className="h-4 w-4" /> What if…
          </label>
          <input
            id="formula"
            value={formula}
            onChange={(e) => setFormula(e.target.value)}
            className="mt-1 w-full rounded-lg border border-slate-200 px-3 py-2 font-mono text-sm"
          />
          <p className="mt-2 text-sm">
            = <span id="what-if" className="font-semibold">{whatIf}</span>
          </p>
        </div>
      </div>
    </div>
  );
}
`;

/** Gemini Canvas: a d3 line chart drawn in an effect, a city picked from a select. */
export const GEMINI_D3 = `import React, { useEffect, useRef, useState } from 'react';
import * as d3 from 'd3';
import { Thermometer } from 'lucide-react';

interface Point {
  month: Date;
  temp: number;
}

const CITIES: Record<string, number[]> = {
  Lisbon: [11.6, 12.5, 14.6, 15.7, 18.0, 21.2, 23.0, 23.4, 21.9, 18.9, 14.9, 12.5],
  Oslo: [-4.3, -4.0, -0.2, 4.5, 10.8, 15.2, 16.4, 15.2, 10.8, 6.3, 0.7, -3.1],
  Tokyo: [5.4, 6.1, 9.4, 14.3, 18.8, 21.9, 25.7, 26.9, 23.3, 18.0, 12.5, 7.7],
};

const App = () => {
  const svgRef = useRef<SVGSVGElement>(null);
  const [city, setCity] = useState('Lisbon');

  useEffect(() => {
    const data: Point[] = CITIES[city].map((temp, i) => ({ month: new Date(2025, i, 1), temp }));
    const width = 640;
    const height = 320;
    const margin = { top: 20, right: 20, bottom: 30, left: 40 };

    const svg = d3.select(svgRef.current);
    svg.selectAll('*').remove();

    const x = d3.scaleTime()
      .domain(d3.extent(data, (d) => d.month) as [Date, Date])
      .range([margin.left, width - margin.right]);
    const y = d3.scaleLinear()
      .domain([Math.min(0, d3.min(data, (d) => d.temp)!), d3.max(data, (d) => d.temp)! + 2])
      .nice()
      .range([height - margin.bottom, margin.top]);

    svg.append('g')
      .attr('class', 'x-axis')
      .attr('transform', \`translate(0,\${height - margin.bottom})\`)
      .call(d3.axisBottom(x).ticks(d3.timeMonth.every(1)).tickFormat(d3.timeFormat('%b') as any));
    svg.append('g')
      .attr('class', 'y-axis')
      .attr('transform', \`translate(\${margin.left},0)\`)
      .call(d3.axisLeft(y).tickFormat((d) => \`\${d}°\`));

    const line = d3.line<Point>()
      .x((d) => x(d.month))
      .y((d) => y(d.temp))
      .curve(d3.curveMonotoneX);

    svg.append('path')
      .datum(data)
      .attr('class', 'line')
      .attr('fill', 'none')
      .attr('stroke', '#4f46e5')
      .attr('stroke-width', 2.5)
      .attr('d', line);

    svg.selectAll('circle')
      .data(data)
      .join('circle')
      .attr('cx', (d) => x(d.month))
      .attr('cy', (d) => y(d.temp))
      .attr('r', 3.5)
      .attr('fill', '#4f46e5');
  }, [city]);

  const temps = CITIES[city];
  return (
    <div className="min-h-screen bg-gray-50 flex items-center justify-center p-4 font-sans">
      <div className="bg-white rounded-xl shadow-lg p-6 w-full max-w-3xl">
        <div className="flex items-center justify-between mb-4">
          <h1 className="text-2xl font-bold text-gray-800 flex items-center gap-2">
            <Thermometer className="text-indigo-600" /> Monthly average temperature
          </h1>
          <select
            id="city"
            value={city}
            onChange={(e) => setCity(e.target.value)}
            className="border border-gray-300 rounded-md px-3 py-1.5"
          >
            {Object.keys(CITIES).map((c) => <option key={c}>{c}</option>)}
          </select>
        </div>
        <svg ref={svgRef} viewBox="0 0 640 320" className="w-full h-auto" />
        <p id="range" className="text-sm text-gray-500 mt-2">
          {city}: {d3.format('.1f')(d3.min(temps)!)}° to {d3.format('.1f')(d3.max(temps)!)}°
        </p>
      </div>
    </div>
  );
};

export default App;
`;

/** v0: a demo-request form on react-hook-form, zod and shadcn's Form, thanked with sonner. */
export const V0_DEMO_FORM = `"use client"

import { zodResolver } from "@hookform/resolvers/zod"
import { useForm } from "react-hook-form"
import { z } from "zod"
import { toast } from "sonner"
import { Loader2 } from "lucide-react"
import { Button } from "@/components/ui/button"
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form"
import { Input } from "@/components/ui/input"
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select"

const FREE_MAIL = ["gmail.com", "yahoo.com", "outlook.com", "hotmail.com"]

const formSchema = z.object({
  name: z.string().min(2, { message: "Name must be at least 2 characters." }),
  email: z
    .string()
    .email({ message: "Enter a valid email address." })
    .refine((v) => !FREE_MAIL.includes(v.split("@")[1] ?? ""), { message: "Please use your work email." }),
  seats: z.coerce.number().int().min(1, { message: "At least one seat." }).max(500, { message: "Over 500 seats? Talk to sales." }),
  plan: z.enum(["starter", "team", "enterprise"], { required_error: "Pick a plan." }),
})

type FormValues = z.infer<typeof formSchema>

const defaults = { name: "", email: "", seats: 5 } satisfies Partial<FormValues>

export default function DemoRequestForm() {
  const form = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: defaults })

  async function onSubmit(values: FormValues) {
    await new Promise((r) => setTimeout(r, 300))
    toast.success(\`Thanks, \${values.name}!\`, { description: \`We'll email \${values.email} about the \${values.plan} plan.\` })
    form.reset(defaults)
  }

  return (
    <div className="mx-auto max-w-md py-12">
      <h1 className="mb-6 text-2xl font-semibold tracking-tight">Book a demo</h1>
      <Form {...form}>
        <form onSubmit={form.handleSubmit(onSubmit)} className="space-y-5">
          <FormField
            control={form.control}
            name="name"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Full name</FormLabel>
                <FormControl>
                  <Input placeholder="Ada Lovelace" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="email"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Work email</FormLabel>
                <FormControl>
                  <Input type="email" placeholder="ada@company.com" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="seats"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Seats</FormLabel>
                <FormControl>
                  <Input type="number" {...field} />
                </FormControl>
                <FormDescription>How many people will use it?</FormDescription>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="plan"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Plan</FormLabel>
                <Select onValueChange={field.onChange} defaultValue={field.value}>
                  <FormControl>
                    <SelectTrigger id="plan">
                      <SelectValue placeholder="Select a plan" />
                    </SelectTrigger>
                  </FormControl>
                  <SelectContent>
                    <SelectItem value="starter">Starter</SelectItem>
                    <SelectItem value="team">Team</SelectItem>
                    <SelectItem value="enterprise">Enterprise</SelectItem>
                  </SelectContent>
                </Select>
                <FormMessage />
              </FormItem>
            )}
          />
          <Button type="submit" className="w-full" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting && <Loader2 className="mr-2 h-4 w-4 animate-spin" />}
            Request demo
          </Button>
        </form>
      </Form>
    </div>
  )
}
`;

/** ChatGPT canvas: a memory game, cards shuffled with lodash and flipped with motion.create. */
export const CHATGPT_MEMORY = `import React, { forwardRef, useEffect, useState } from "react";
import { motion, AnimatePresence } from "framer-motion";
import shuffle from "lodash/shuffle";
import { RotateCcw, Trophy } from "lucide-react";

const EMOJIS = ["🍎", "🚀", "🎸", "🐙"];

const Tile = forwardRef(function Tile({ children, className, ...props }, ref) {
  return <button ref={ref} className={"relative h-24 w-24 rounded-xl text-4xl " + className} {...props}>{children}</button>;
});
const MotionTile = motion.create(Tile);

const newDeck = () => shuffle([...EMOJIS, ...EMOJIS]).map((emoji, i) => ({ id: i, emoji, matched: false }));

export default function MemoryGame() {
  const [cards, setCards] = useState(newDeck);
  const [open, setOpen] = useState([]);
  const [moves, setMoves] = useState(0);

  useEffect(() => {
    if (open.length !== 2) return;
    const [a, b] = open;
    const t = setTimeout(() => {
      if (cards[a].emoji === cards[b].emoji) {
        setCards((cs) => cs.map((c, i) => (i === a || i === b ? { ...c, matched: true } : c)));
      }
      setOpen([]);
    }, 250);
    return () => clearTimeout(t);
  }, [open, cards]);

  const flip = (i) => {
    if (open.length === 2 || open.includes(i) || cards[i].matched) return;
    if (open.length === 1) setMoves((m) => m + 1);
    setOpen((o) => [...o, i]);
  };

  const won = cards.every((c) => c.matched);

  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-6 bg-slate-900 p-6 text-white">
      <div className="flex items-center gap-4">
        <h1 className="text-2xl font-bold">Memory</h1>
        <span id="moves" className="rounded-full bg-slate-700 px-3 py-1 text-sm">Moves: {moves}</span>
        <button
          onClick={() => { setCards(newDeck()); setOpen([]); setMoves(0); }}
          className="flex items-center gap-1 rounded-lg bg-slate-700 px-3 py-1 text-sm hover:bg-slate-600"
        >
          <RotateCcw className="h-4 w-4" /> Restart
        </button>
      </div>
      <div id="board" className="grid grid-cols-4 gap-3">
        {cards.map((card, i) => {
          const shown = card.matched || open.includes(i);
          return (
            <MotionTile
              key={card.id}
              data-emoji={card.emoji}
              onClick={() => flip(i)}
              whileTap={{ scale: 0.95 }}
              animate={{ rotateY: shown ? 0 : 180 }}
              transition={{ duration: 0.2 }}
              className={shown ? (card.matched ? "bg-emerald-500" : "bg-indigo-500") : "bg-slate-700"}
            >
              {shown ? card.emoji : ""}
            </MotionTile>
          );
        })}
      </div>
      <AnimatePresence>
        {won && (
          <motion.div
            id="won"
            initial={{ opacity: 0, y: 20 }}
            animate={{ opacity: 1, y: 0 }}
            exit={{ opacity: 0 }}
            className="flex items-center gap-2 text-xl font-semibold text-amber-300"
          >
            <Trophy /> Solved in {moves} moves!
          </motion.div>
        )}
      </AnimatePresence>
    </div>
  );
}
`;

/** v0: a chat on the AI SDK's useChat, which needs the app's route handler: it cannot run in a drop. */
export const V0_AI_CHAT = `"use client"

import { useChat } from "@ai-sdk/react"
import { Send } from "lucide-react"
import { Button } from "@/components/ui/button"
import { Input } from "@/components/ui/input"

export default function Chat() {
  const { messages, input, handleInputChange, handleSubmit, status } = useChat({ api: "/api/chat" })

  return (
    <div className="mx-auto flex h-screen max-w-2xl flex-col p-4">
      <div className="flex-1 space-y-4 overflow-y-auto">
        {messages.map((m) => (
          <div key={m.id} className={m.role === "user" ? "text-right" : ""}>
            {m.parts.map((part, i) => (part.type === "text" ? <p key={i}>{part.text}</p> : null))}
          </div>
        ))}
      </div>
      <form onSubmit={handleSubmit} className="flex gap-2">
        <Input value={input} onChange={handleInputChange} placeholder="Ask anything…" />
        <Button type="submit" size="icon" disabled={status !== "ready"}>
          <Send className="size-4" />
        </Button>
      </form>
    </div>
  )
}
`;
