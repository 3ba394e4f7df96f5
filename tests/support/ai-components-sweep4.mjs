// Single-file React components in shapes the AI tools write beyond the earlier sweeps (sweep 4): a
// CommonJS file, `tailwind.config` set in the file, deep imports of the libraries' build files, a
// file that mounts itself and exports App, classes built in template strings, @apply in a <style>,
// components that throw, a chat answer saved with its fences, shadcn's field and async pages.
// Written for these tests; see react-kit-sweep4.browser.test.mjs.

/** A CommonJS file (ChatGPT, asked for "plain JS"): `const React = require("react")` and `module.exports`. */
export const COMMONJS_QUIZ = `const React = require('react');
const { useState } = React;

function Quiz() {
  const [picked, setPicked] = useState(null);
  const answers = ['Paris', 'Lyon', 'Marseille'];
  return (
    <div style={{ padding: 20, fontFamily: 'system-ui' }}>
      <h2>What is the capital of France?</h2>
      {answers.map(a => (
        <button key={a} onClick={() => setPicked(a)} style={{ margin: 4 }}>{a}</button>
      ))}
      <p id="verdict">{picked ? (picked === 'Paris' ? 'Correct!' : 'Try again') : 'Pick one'}</p>
    </div>
  );
}

module.exports = Quiz;
`;

/** A component written for the Tailwind CDN: it sets `tailwind.config` with its own colours and font. */
export const TAILWIND_CONFIG_BRAND = `import React from 'react';

tailwind.config = {
  theme: {
    extend: {
      colors: { brand: { 500: '#7c3aed', 700: '#5b21b6' } },
      fontFamily: { display: ['Georgia', 'serif'] },
    },
  },
};

export default function Brand() {
  return (
    <div className="p-10">
      <h1 id="h" className="font-display text-4xl text-brand-700">Brand</h1>
      <button id="b" className="mt-4 bg-brand-500 text-white px-4 py-2 rounded">Buy</button>
    </div>
  );
}
`;

/** Deep imports of the libraries' build files: one lucide icon by its path (and one 0.383 lacks), recharts/lib, framer-motion/dist, `cn` from "@/utils", shadcn by relative path. */
export const DEEP_IMPORTS = `import React, { useState } from 'react';
import X from 'lucide-react/dist/esm/icons/x';
import Home from 'lucide-react/dist/esm/icons/home.js';
import Binoculars from 'lucide-react/dist/esm/icons/binoculars';
import { LineChart, Line, XAxis, YAxis } from 'recharts/lib/index';
import { motion } from 'framer-motion/dist/framer-motion';
import { cn } from '@/utils';
import { Button } from './components/ui/button';

const data = [{ d: 'Mon', v: 4 }, { d: 'Tue', v: 7 }, { d: 'Wed', v: 5 }];

export default function Weekly() {
  const [open, setOpen] = useState(true);
  return (
    <div className={cn('p-4', open && 'bg-slate-50')}>
      <h1 id="title" className="flex gap-2 items-center text-xl"><Home id="home" size={20} /> Weekly <Binoculars id="binoculars" /></h1>
      <Button id="close" variant="outline" onClick={() => setOpen(!open)}><X id="x" /> {open ? 'Close' : 'Open'}</Button>
      <motion.div id="chart" animate={{ opacity: 1 }}>
        <LineChart width={400} height={200} data={data}><XAxis dataKey="d" /><YAxis /><Line dataKey="v" stroke="#8884d8" isAnimationActive={false} /></LineChart>
      </motion.div>
    </div>
  );
}
`;

/** AI Studio: index.tsx and App.tsx in one file: it exports App and mounts it with createRoot. */
export const MOUNTS_ITSELF_AND_EXPORTS = `import React, { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';

let mounts = 0;

export default function App() {
  const [ticks, setTicks] = useState(0);
  useEffect(() => {
    mounts++;
    const id = setInterval(() => setTicks((t) => t + 1), 1000);
    return () => clearInterval(id);
  }, []);
  return (
    <div className="p-6">
      <h1 id="h" className="text-xl font-bold">Mounted {mounts} time(s)</h1>
      <p id="ticks">{ticks}</p>
    </div>
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('Could not find root element to mount to');
const root = createRoot(container);
root.render(<React.StrictMode><App /></React.StrictMode>);
`;

/** Claude: colours and sizes built in template strings (`bg-${c}-500`), which its artifact CSS holds. */
export const TEMPLATE_CLASSES = `import { useState } from 'react';

const COLORS = ['red', 'green', 'blue', 'purple', 'amber'];

export default function Palette() {
  const [active, setActive] = useState('blue');
  const size = 16;
  return (
    <div className="p-8">
      <div className="flex gap-3">
        {COLORS.map((c) => (
          <button key={c} id={\`sw-\${c}\`} onClick={() => setActive(c)}
            className={\`w-\${size} h-\${size} rounded-full bg-\${c}-500 ring-offset-2 \${active === c ? \`ring-4 ring-\${c}-300\` : ''}\`} />
        ))}
      </div>
      <p id="label" className={\`mt-6 text-2xl font-bold text-\${active}-600\`}>Selected: {active}</p>
    </div>
  );
}
`;

/** ChatGPT: its own classes with @apply in a <style> element. */
export const APPLY_IN_STYLE = `import React from 'react';

const css = \`
  .btn-primary { @apply px-4 py-2 rounded-lg bg-blue-600 text-white font-semibold hover:bg-blue-700; }
  .card { @apply bg-white shadow-md rounded-xl p-6; }
  @keyframes wiggle { 0%,100% { transform: rotate(-3deg) } 50% { transform: rotate(3deg) } }
  .wiggle { animation: wiggle 1s ease-in-out infinite; }
\`;

export default function Landing() {
  return (
    <div className="min-h-screen bg-gray-100 flex items-center justify-center">
      <style>{css}</style>
      <div id="card" className="card text-center">
        <h1 className="text-2xl font-bold mb-4 wiggle">Welcome</h1>
        <button id="btn" className="btn-primary">Get started</button>
      </div>
    </div>
  );
}
`;

/** A component that reads a property of undefined while rendering (line 7). */
export const CRASH_IN_RENDER = `import React, { useState } from 'react';

function Profile({ user }) {
  return (
    <div className="p-4">
      <h2>{user.name}</h2>
      <p>{user.address.city}</p>
    </div>
  );
}

export default function App() {
  const [user] = useState({ name: 'Ada' });
  return (
    <div>
      <h1>Profile page</h1>
      <Profile user={user} />
    </div>
  );
}
`;

/** A module that throws as it loads (line 3). */
export const THROWS_ON_LOAD = `import React from 'react';

const config = JSON.parse('{"broken": ');

export default function App() {
  return <div>{config.broken}</div>;
}
`;

/** A chat answer saved whole: prose, a ```jsx fence, the component, the closing fence, more prose. */
export const FENCED_ANSWER = `Here is the updated component:

\`\`\`jsx
import React, { useState } from 'react';

export default function Counter() {
  const [n, setN] = useState(0);
  return <button id="b" className="m-4 px-4 py-2 bg-teal-600 text-white rounded" onClick={() => setN(n + 1)}>Clicked {n}</button>;
}
\`\`\`

This component uses Tailwind for styling.
`;

/** A code block saved with its fences only (```tsx compiles as an empty template used as a tag). */
export const FENCED_BLOCK = `\`\`\`tsx
import { useState } from 'react';
export default function App() {
  const [t] = useState<string>("fenced tsx");
  return <p id="p" className="text-xl">{t}</p>;
}
\`\`\`
`;

/** v0 (late 2025): a form on shadcn's field (FieldSet, FieldLegend, FieldGroup, Field, FieldLabel, FieldError, FieldSeparator). */
export const FIELD_FORM = `import React, { useState } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Field, FieldDescription, FieldError, FieldGroup, FieldLabel, FieldLegend, FieldSeparator, FieldSet } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Button } from "@/components/ui/button";
import { Switch } from "@/components/ui/switch";

export default function Account() {
  const [name, setName] = useState('');
  const errors = name.length === 1 ? [{ message: 'Name must be at least 2 characters.' }] : [];
  return (
    <Card className="w-[420px] m-8">
      <CardHeader><CardTitle>Account</CardTitle><CardDescription>Make changes.</CardDescription></CardHeader>
      <CardContent>
        <form>
          <FieldSet>
            <FieldLegend>Profile</FieldLegend>
            <FieldDescription>Shown on your public page.</FieldDescription>
            <FieldGroup>
              <Field data-invalid={errors.length > 0}>
                <FieldLabel htmlFor="name">Name</FieldLabel>
                <Input id="name" value={name} onChange={(e) => setName(e.target.value)} aria-invalid={errors.length > 0} />
                <FieldError id="err" errors={errors} />
              </Field>
              <FieldSeparator>or</FieldSeparator>
              <Field orientation="horizontal">
                <Switch id="news" />
                <FieldLabel htmlFor="news">Newsletter</FieldLabel>
              </Field>
              <Field orientation="horizontal"><Button id="save" type="button">Save</Button></Field>
            </FieldGroup>
          </FieldSet>
        </form>
      </CardContent>
    </Card>
  );
}
`;

/** v0: a Next.js page written as a server component, `export default async function Page()`. */
export const ASYNC_PAGE = `import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card"

export const metadata = { title: "Posts" }

async function getPosts() {
  return [{ id: 1, title: "Hello" }, { id: 2, title: "World" }]
}

export default async function Page() {
  const posts = await getPosts()
  return (
    <main className="p-8 grid gap-4">
      {posts.map((p) => (
        <Card key={p.id}><CardHeader><CardTitle id={\`post-\${p.id}\`}>{p.title}</CardTitle></CardHeader><CardContent>Post {p.id}</CardContent></Card>
      ))}
    </main>
  )
}
`;

/** An async component inside a plain one, which React renders only on a server. */
export const NESTED_ASYNC = `async function Stats() {
  const n = await Promise.resolve(42)
  return <p>{n}</p>
}

export default function Page() {
  return <div className="p-4"><h1>Stats</h1><Stats /></div>
}
`;

/** ChatGPT, for the Tailwind CDN: `window.tailwind.config = …` (the global written out) with its own colours. */
export const WINDOW_TAILWIND_CONFIG = `import React, { useState } from "react";

window.tailwind.config = {
  darkMode: "class",
  theme: {
    extend: {
      colors: { ocean: { 100: "#e0f2fe", 600: "#0369a1" } },
      fontFamily: { display: ["Georgia", "serif"] },
    },
  },
};

export default function Tides() {
  const [high, setHigh] = useState(true);
  return (
    <main className="min-h-screen bg-ocean-100 p-8">
      <h1 id="h" className="font-display text-3xl text-ocean-600">Tides</h1>
      <button id="b" onClick={() => setHigh(!high)} className="mt-4 rounded bg-ocean-600 px-4 py-2 text-white">
        {high ? "High tide" : "Low tide"}
      </button>
    </main>
  );
}
`;

/** The same, setting the global whole: \`window.tailwind = { config: … }\`. */
export const WINDOW_TAILWIND_WHOLE = `window.tailwind = { config: { theme: { extend: { colors: { ocean: { 600: "#0369a1" } } } } } };

export default function Tides() {
  return <h1 id="h" className="text-ocean-600">Tides</h1>;
}
`;

/** Gemini, with icons lucide 0.383 never drew (\`Binoculars\`, \`Birdhouse\`) in a multi-line import. */
export const NEWER_LUCIDE = `import React from "react";
import {
  Search,
  Binoculars,
  Birdhouse,
} from "lucide-react";

export default function Birds() {
  return (
    <div className="flex gap-3 p-6">
      <Search id="s" size={24} />
      <Binoculars id="bin" size={32} className="text-emerald-600" />
      <Birdhouse id="m" />
      <p id="p">Birdwatching log</p>
    </div>
  );
}
`;

/** v0 (late 2025): a share panel on shadcn's input-group, button-group and item. */
export const V0_SHARE_PANEL = `"use client"

import { useState } from "react"
import { Copy, Search, ChevronDown, UserPlus, Mail } from "lucide-react"
import { Button } from "@/components/ui/button"
import { ButtonGroup, ButtonGroupSeparator, ButtonGroupText } from "@/components/ui/button-group"
import { InputGroup, InputGroupAddon, InputGroupButton, InputGroupInput, InputGroupText } from "@/components/ui/input-group"
import { Item, ItemActions, ItemContent, ItemDescription, ItemGroup, ItemMedia, ItemSeparator, ItemTitle } from "@/components/ui/item"

const people = [
  { name: "Olivia Martin", email: "olivia@example.com" },
  { name: "Jackson Lee", email: "jackson@example.com" },
]

export default function SharePanel() {
  const [copied, setCopied] = useState(false)
  const [query, setQuery] = useState("")
  const shown = people.filter((p) => p.name.toLowerCase().includes(query.toLowerCase()))
  return (
    <div className="mx-auto flex max-w-md flex-col gap-6 p-8">
      <InputGroup id="link">
        <InputGroupAddon>
          <InputGroupText>https://</InputGroupText>
        </InputGroupAddon>
        <InputGroupInput id="url" defaultValue="example.com/doc" readOnly />
        <InputGroupAddon align="inline-end">
          <InputGroupButton id="copy" size="icon-xs" onClick={() => setCopied(true)} aria-label="Copy">
            <Copy />
          </InputGroupButton>
        </InputGroupAddon>
      </InputGroup>
      <p id="copied">{copied ? "Link copied" : ""}</p>
      <InputGroup>
        <InputGroupInput id="search" placeholder="Search people..." value={query} onChange={(e) => setQuery(e.target.value)} />
        <InputGroupAddon id="search-icon">
          <Search />
        </InputGroupAddon>
        <InputGroupAddon align="inline-end">{shown.length} results</InputGroupAddon>
      </InputGroup>
      <ButtonGroup id="actions" aria-label="Invite">
        <Button id="invite" variant="outline"><UserPlus /> Invite</Button>
        <ButtonGroupSeparator />
        <Button id="more" variant="outline" size="icon" aria-label="More"><ChevronDown /></Button>
      </ButtonGroup>
      <ButtonGroup id="stack" orientation="vertical">
        <ButtonGroupText>Role</ButtonGroupText>
        <Button variant="outline">Viewer</Button>
      </ButtonGroup>
      <ItemGroup id="people">
        {shown.map((person, index) => (
          <div key={person.email}>
            <Item variant="outline" size="sm" className="person">
              <ItemMedia variant="icon"><Mail /></ItemMedia>
              <ItemContent>
                <ItemTitle>{person.name}</ItemTitle>
                <ItemDescription>{person.email}</ItemDescription>
              </ItemContent>
              <ItemActions>
                <Button variant="ghost" size="sm">Remove</Button>
              </ItemActions>
            </Item>
            {index !== shown.length - 1 && <ItemSeparator />}
          </div>
        ))}
      </ItemGroup>
    </div>
  )
}
`;
