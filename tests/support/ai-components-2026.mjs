// Single-file React components written the way the AI tools write them in 2025-2026, beyond those
// of ai-components.mjs and ai-tool-components.mjs: v0's React 19 (Next.js 15) forms and hooks,
// Tailwind v4's class names, shadcn's newer card, Bolt's and Lovable's zustand stores and TanStack
// Query, Motion's new package name, and files as editors save them (a BOM, CRLF, tabs, a
// `// @ts-nocheck` banner). Written for these tests; see react-kit-2026.browser.test.mjs.

/** v0 (React 19): useActionState with a form action, useFormStatus in the submit button, useOptimistic. */
export const REACT19_FORMS = `"use client"

import { useActionState, useOptimistic, useState } from "react"
import { useFormStatus } from "react-dom"
import { Button } from "@/components/ui/button"
import { Input } from "@/components/ui/input"

type State = { message: string; count: number }

async function subscribe(prev: State, formData: FormData): Promise<State> {
  await new Promise((r) => setTimeout(r, 400))
  const email = formData.get("email") as string
  if (!email?.includes("@")) return { ...prev, message: "Please enter a valid email" }
  return { message: \`Subscribed \${email}\`, count: prev.count + 1 }
}

function SubmitButton() {
  const { pending } = useFormStatus()
  return (
    <Button id="submit" type="submit" disabled={pending}>
      {pending ? "Subscribing..." : "Subscribe"}
    </Button>
  )
}

export default function Newsletter() {
  const [state, formAction, isPending] = useActionState(subscribe, { message: "", count: 0 })
  const [todos, setTodos] = useState<string[]>(["Buy milk"])
  const [optimisticTodos, addOptimisticTodo] = useOptimistic(todos, (current: string[], todo: string) => [...current, \`\${todo} (saving)\`])

  async function addTodo(formData: FormData) {
    const todo = formData.get("todo") as string
    addOptimisticTodo(todo)
    await new Promise((r) => setTimeout(r, 600))
    setTodos((prev) => [...prev, todo])
  }

  return (
    <div className="mx-auto max-w-md space-y-6 p-8">
      <form action={formAction} className="flex gap-2">
        <Input id="email" name="email" type="text" placeholder="you@example.com" />
        <SubmitButton />
      </form>
      <p id="message" aria-live="polite">{state.message}</p>
      <p id="count">{state.count} subscribers</p>
      <p id="pending">{isPending ? "pending" : "idle"}</p>
      <form action={addTodo} className="flex gap-2">
        <Input id="todo" name="todo" />
        <Button id="add" type="submit">Add</Button>
      </form>
      <ul id="todos">
        {optimisticTodos.map((todo, i) => <li key={i}>{todo}</li>)}
      </ul>
    </div>
  )
}
`;

/** React 19: use(promise) under Suspense, use(context), a context as its own provider, ref as a prop, useEffectEvent. */
export const REACT19_USE = `import { use, Suspense, createContext, useEffect, useEffectEvent, useState } from "react"

const ThemeContext = createContext<"light" | "dark">("light")

const quotePromise = new Promise<{ text: string }>((resolve) =>
  setTimeout(() => resolve({ text: "Stay hungry, stay foolish." }), 300),
)

function Quote({ promise }: { promise: Promise<{ text: string }> }) {
  const quote = use(promise)
  const theme = use(ThemeContext)
  return <blockquote id="quote" data-theme={theme} className="border-l-4 pl-4 italic">{quote.text}</blockquote>
}

function Field({ ref, label, ...props }: { ref?: React.Ref<HTMLInputElement>; label: string } & React.ComponentProps<"input">) {
  return (
    <label className="flex flex-col gap-1 text-sm">
      {label}
      <input ref={ref} className="rounded border px-2 py-1" {...props} />
    </label>
  )
}

function Ticker({ step }: { step: number }) {
  const [total, setTotal] = useState(0)
  const onTick = useEffectEvent(() => setTotal((t) => t + step))
  useEffect(() => {
    onTick()
  }, [])
  return <p id="total">{total}</p>
}

export default function App() {
  const [focused, setFocused] = useState(false)
  let input: HTMLInputElement | null = null
  return (
    <ThemeContext value="dark">
      <main className="space-y-4 p-8">
        <Suspense fallback={<p id="loading">Loading quote…</p>}>
          <Quote promise={quotePromise} />
        </Suspense>
        <Field id="name" label="Name" ref={(el) => { input = el }} onFocus={() => setFocused(true)} />
        <button id="focus" onClick={() => input?.focus()}>Focus the field</button>
        <p id="focused">{focused ? "focused" : "not focused"}</p>
        <Ticker step={5} />
      </main>
    </ThemeContext>
  )
}
`;

/** A landing hero in Tailwind v4's names, as models trained on v4 write them. */
export const TAILWIND_V4_HERO = `export default function Hero() {
  return (
    <section id="hero" className="min-h-screen bg-linear-to-br from-slate-900 via-purple-900 to-slate-900 px-6 py-16">
      <h1 id="title" className="bg-linear-to-r from-blue-400 to-purple-500 bg-clip-text text-5xl font-bold text-transparent">
        Build faster
      </h1>
      <div id="card" className="mt-8 size-48 rounded-xs bg-white/10 p-6 text-white shadow-xs outline-hidden">Card</div>
      <div id="glow" className="mt-4 size-24 bg-radial from-pink-500 to-transparent" />
      <div className="@container mt-6 w-full">
        <div id="features" className="grid grid-cols-1 gap-4 @md:grid-cols-3">
          <span>Fast</span><span>Safe</span><span>Simple</span>
        </div>
      </div>
      <p id="tagline" className="mt-4 text-white text-shadow-lg">Ship it today</p>
    </section>
  )
}
`;

/** shadcn's card of 2025 (CardAction in the header) with sonner's toast, as v0 writes it. */
export const CARD_ACTION = `"use client"

import { toast } from "sonner"
import { Toaster } from "@/components/ui/sonner"
import { Button } from "@/components/ui/button"
import { Card, CardAction, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card"

export default function EventCard() {
  return (
    <div className="flex min-h-svh items-center justify-center p-6">
      <Card className="w-full max-w-sm">
        <CardHeader>
          <CardTitle id="title">Team offsite</CardTitle>
          <CardDescription>Sunday, 9 am</CardDescription>
          <CardAction>
            <Button id="edit" variant="link">Edit</Button>
          </CardAction>
        </CardHeader>
        <CardContent>
          <p>Bring a laptop.</p>
        </CardContent>
        <CardFooter>
          <Button id="create" onClick={() => toast("Event created", { description: "Sunday at 9" })}>Create</Button>
        </CardFooter>
      </Card>
      <Toaster />
    </div>
  )
}
`;

/** shadcn's button group of late 2025 imported from the button file: a name the kit does not have. */
export const MISSING_EXPORT = `import { Button, ButtonGroup } from "@/components/ui/button"

export default function Toolbar() {
  return (
    <ButtonGroup>
      <Button variant="outline">Archive</Button>
      <Button variant="outline">Report</Button>
    </ButtonGroup>
  )
}
`;

/** Bolt: a zustand store with persist and useShallow. */
export const ZUSTAND_CART = `import { create } from "zustand"
import { persist } from "zustand/middleware"
import { useShallow } from "zustand/react/shallow"
import { ShoppingCart, Plus, Minus } from "lucide-react"

interface CartState {
  items: Record<string, number>
  add: (id: string) => void
  remove: (id: string) => void
}

const useCart = create<CartState>()(
  persist(
    (set) => ({
      items: {},
      add: (id) => set((s) => ({ items: { ...s.items, [id]: (s.items[id] ?? 0) + 1 } })),
      remove: (id) => set((s) => ({ items: { ...s.items, [id]: Math.max(0, (s.items[id] ?? 0) - 1) } })),
    }),
    { name: "cart-storage" },
  ),
)

const PRODUCTS = [
  { id: "tea", name: "Green tea" },
  { id: "mug", name: "Mug" },
]

function CartBadge() {
  const count = useCart((s) => Object.values(s.items).reduce((a, b) => a + b, 0))
  return (
    <span className="flex items-center gap-2">
      <ShoppingCart className="h-5 w-5" /> <span id="cart-count">{count}</span>
    </span>
  )
}

export default function Shop() {
  const { add, remove } = useCart(useShallow((s) => ({ add: s.add, remove: s.remove })))
  const items = useCart((s) => s.items)
  return (
    <div className="mx-auto max-w-md space-y-4 p-6">
      <header className="flex justify-between font-semibold">Shop <CartBadge /></header>
      {PRODUCTS.map((p) => (
        <div key={p.id} className="flex items-center justify-between rounded-lg border p-3">
          <span>{p.name}</span>
          <div className="flex items-center gap-2">
            <button id={\`remove-\${p.id}\`} onClick={() => remove(p.id)}><Minus className="h-4 w-4" /></button>
            <span id={\`qty-\${p.id}\`}>{items[p.id] ?? 0}</span>
            <button id={\`add-\${p.id}\`} onClick={() => add(p.id)}><Plus className="h-4 w-4" /></button>
          </div>
        </div>
      ))}
    </div>
  )
}
`;

/** Lovable: TanStack Query's provider, a query and a mutation that invalidates it. */
export const TANSTACK_QUERY = `import { QueryClient, QueryClientProvider, useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { useState } from "react"

const queryClient = new QueryClient()
let server = ["Write the brief"]
const api = {
  list: () => new Promise<string[]>((r) => setTimeout(() => r([...server]), 200)),
  add: (task: string) => new Promise<void>((r) => setTimeout(() => { server = [...server, task]; r() }, 200)),
}

function Tasks() {
  const client = useQueryClient()
  const [text, setText] = useState("")
  const { data, isLoading } = useQuery({ queryKey: ["tasks"], queryFn: api.list })
  const mutation = useMutation({
    mutationFn: api.add,
    onSuccess: () => client.invalidateQueries({ queryKey: ["tasks"] }),
  })
  if (isLoading) return <p id="loading">Loading…</p>
  return (
    <div className="space-y-2 p-6">
      <ul id="tasks">{data?.map((t) => <li key={t}>{t}</li>)}</ul>
      <input id="task" value={text} onChange={(e) => setText(e.target.value)} className="rounded border px-2" />
      <button id="save" onClick={() => mutation.mutate(text)} disabled={mutation.isPending}>
        {mutation.isPending ? "Saving…" : "Save"}
      </button>
    </div>
  )
}

const App = () => (
  <QueryClientProvider client={queryClient}>
    <Tasks />
  </QueryClientProvider>
)

export default App
`;

/** Motion's own package names: "motion" for animate(), "motion/react" for components. */
export const MOTION_PACKAGE = `import { useEffect, useRef, useState } from "react"
import { animate, stagger } from "motion"
import { motion, AnimatePresence } from "motion/react"

export default function Intro() {
  const list = useRef<HTMLUListElement>(null)
  const [open, setOpen] = useState(true)
  useEffect(() => {
    if (list.current) animate(list.current.querySelectorAll("li"), { opacity: [0, 1], x: [-20, 0] }, { delay: stagger(0.05), duration: 0.2 })
  }, [])
  return (
    <div className="p-8">
      <ul ref={list} id="steps">
        <li>Plan</li><li>Build</li><li>Ship</li>
      </ul>
      <button id="toggle" onClick={() => setOpen(!open)}>Toggle</button>
      <AnimatePresence>
        {open && (
          <motion.p id="note" initial={{ opacity: 0 }} animate={{ opacity: 1 }} exit={{ opacity: 0 }} transition={{ duration: 0.15 }}>
            Motion works
          </motion.p>
        )}
      </AnimatePresence>
    </div>
  )
}
`;

/** Saved by a Windows editor: a byte order mark, CRLF line endings and tabs. */
export const CRLF_BOM_TABS = '\ufeffimport React, { useState } from "react";\r\n\r\n// Counter\r\nfunction Counter() {\r\n\tconst [n, setN] = useState(0);\r\n\treturn (\r\n\t\t<div className="p-4">\r\n\t\t\t<button id="b" className="rounded bg-blue-500 px-3 py-1 text-white" onClick={() => setN(n + 1)}>Clicked {n}</button>\r\n\t\t</div>\r\n\t);\r\n}\r\n\r\nexport default Counter;\r\n';

/** ChatGPT's TypeScript: a banner, @ts-nocheck, declare global, enum, as const satisfies, <T,>, abstract class, parameter properties, null!. */
export const TS_HABITS = `// @ts-nocheck
/**
 * Inventory table
 */
import * as React from "react"
import { cn } from "@/lib/utils"

declare global {
  interface Window { __inventory?: string[] }
}

enum Status { InStock = "in-stock", Low = "low", Out = "out" }

const STATUS_LABEL = {
  [Status.InStock]: "In stock",
  [Status.Low]: "Low",
  [Status.Out]: "Sold out",
} as const satisfies Record<Status, string>

interface RowProps extends React.ComponentProps<"tr"> { name: string; status: Status }

const sortBy = <T,>(items: T[], key: keyof T): T[] => [...items].sort((a, b) => String(a[key]).localeCompare(String(b[key])))

abstract class Base { abstract label(): string }
class Item extends Base {
  constructor(public readonly name: string, private qty: number) { super() }
  label() { return \`\${this.name} ×\${this.qty}\` }
}

function Row({ name, status, className, ...props }: RowProps) {
  return (
    <tr className={cn("border-b", className)} data-slot="row" {...props}>
      <td className="p-2">{name}</td>
      <td className={cn("p-2", status === Status.Out && "text-red-600")}>{STATUS_LABEL[status]}</td>
    </tr>
  )
}

export default function Inventory(): React.JSX.Element {
  const items = sortBy([{ name: "Pears", status: Status.Low }, { name: "Apples", status: Status.InStock }, { name: "Kiwis", status: Status.Out }], "name")
  const table = React.useRef<HTMLTableElement>(null!)
  window.__inventory = items.map((i) => i.name)
  return (
    <div className="p-6">
      <p id="first">{new Item("Box", 3).label()}</p>
      <table id="inventory" ref={table} className="w-full text-left">
        <tbody>{items.map((i) => <Row key={i.name} name={i.name} status={i.status} />)}</tbody>
      </table>
    </div>
  )
}
`;

/** ChatGPT: a footer of react-icons from three sets, and a nav of Heroicons in two styles. */
export const ICON_SETS = `import React, { useState } from 'react';
import { FaGithub, FaTwitter, FaLinkedin } from 'react-icons/fa';
import { FiSearch, FiMenu as MenuIcon } from 'react-icons/fi';
import { HiOutlineMail } from 'react-icons/hi';
import { Bars3Icon, XMarkIcon } from '@heroicons/react/24/outline';
import { CheckCircleIcon } from '@heroicons/react/20/solid';

export default function Footer() {
  const [open, setOpen] = useState(false);
  return (
    <div className="p-6">
      <nav className="flex items-center justify-between">
        <span className="font-bold">Acme</span>
        <button id="menu" onClick={() => setOpen(!open)} className="p-2">
          {open ? <XMarkIcon id="close-icon" className="h-6 w-6" /> : <Bars3Icon id="open-icon" className="h-6 w-6" />}
        </button>
        <CheckCircleIcon id="check" className="size-5 text-green-500" aria-hidden="true" />
      </nav>
      <footer id="social" className="mt-6 flex gap-4 text-2xl text-gray-700">
        <a href="#"><FaGithub /></a>
        <a href="#"><FaTwitter /></a>
        <a href="#"><FaLinkedin /></a>
        <FiSearch />
        <MenuIcon />
        <HiOutlineMail />
      </footer>
    </div>
  );
}
`;

/** A react-icons name its release does not have (the models write names of other sets). */
export const ICON_MISSING = `import { FaGithub, FaBlueskyLogo } from 'react-icons/fa';

export default function Links() {
  return <p><FaGithub /> <FaBlueskyLogo /></p>;
}
`;

/** React 19: a callback ref that returns its cleanup, on an element that comes and goes. */
export const REF_CLEANUP = `import { useState } from "react"

let observing = 0

export default function Measured() {
  const [shown, setShown] = useState(true)
  const [width, setWidth] = useState(0)
  return (
    <div className="p-6">
      <button id="toggle" onClick={() => setShown((s) => !s)}>Toggle</button>
      {shown && (
        <div
          id="box"
          className="h-10 w-64 bg-blue-200"
          ref={(node) => {
            const observer = new ResizeObserver(([entry]) => setWidth(Math.round(entry.contentRect.width)))
            observer.observe(node)
            window.__observing = ++observing
            return () => {
              observer.disconnect()
              window.__observing = --observing
            }
          }}
        />
      )}
      <p id="width">{width}</p>
    </div>
  )
}
`;

/** shadcn's Button written into the file, on @radix-ui/react-slot's Slot (asChild). */
export const INLINE_SLOT_BUTTON = `import * as React from "react"
import { Slot } from "@radix-ui/react-slot"
import { cva, type VariantProps } from "class-variance-authority"
import { cn } from "@/lib/utils"

const buttonVariants = cva("inline-flex items-center justify-center rounded-md px-4 py-2 text-sm font-medium", {
  variants: { variant: { default: "bg-primary text-primary-foreground", outline: "border border-input bg-background" } },
  defaultVariants: { variant: "default" },
})

function Button({ className, variant, asChild = false, ...props }: React.ComponentProps<"button"> & VariantProps<typeof buttonVariants> & { asChild?: boolean }) {
  const Comp = asChild ? Slot : "button"
  return <Comp data-slot="button" className={cn(buttonVariants({ variant, className }))} {...props} />
}

export default function Actions() {
  return (
    <div className="flex gap-2 p-6">
      <Button id="save">Save</Button>
      <Button asChild variant="outline">
        <a id="docs" href="#docs">Docs</a>
      </Button>
    </div>
  )
}
`;

/** Claude, asked in Spanish: dates formatted with date-fns's Spanish and Brazilian locales. */
export const DATE_LOCALES = `import { format, formatDistance } from "date-fns";
import { es, ptBR } from "date-fns/locale";
import { de } from "date-fns/locale/de";

export default function Agenda() {
  const day = new Date(2026, 0, 5);
  return (
    <div className="p-6 space-y-1">
      <p id="es">{format(day, "EEEE d 'de' MMMM", { locale: es })}</p>
      <p id="pt">{formatDistance(day, new Date(2026, 0, 8), { locale: ptBR, addSuffix: true })}</p>
      <p id="de">{format(day, "EEEE", { locale: de })}</p>
    </div>
  );
}
`;

/** React 19's document metadata: a <title> rendered in the component (a count in the tab, as v0's
 * inboxes do), one more while a panel is open, and an SVG's own <title> tooltip. */
export const REACT19_TITLE = `import { useState } from "react"

function Compose({ onClose }) {
  return (
    <div id="compose" className="rounded border p-4">
      <title>New message</title>
      <button id="close" onClick={onClose}>Discard</button>
    </div>
  )
}

export default function Inbox() {
  const [unread, setUnread] = useState(3)
  const [composing, setComposing] = useState(false)
  return (
    <main className="p-6">
      <title>{\`(\${unread}) Inbox\`}</title>
      <meta name="description" content="Your messages" />
      <svg id="badge" width="24" height="24"><title>Unread messages</title><circle cx="12" cy="12" r="10" fill="red" /></svg>
      <p id="count">{unread} unread</p>
      <button id="read" onClick={() => setUnread((n) => Math.max(0, n - 1))}>Mark one read</button>
      <button id="compose-open" onClick={() => setComposing(true)}>Compose</button>
      {composing && <Compose onClose={() => setComposing(false)} />}
    </main>
  )
}
`;
