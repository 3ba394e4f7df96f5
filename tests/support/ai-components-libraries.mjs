// Single-file React components as ChatGPT, v0, Bolt and Claude write them with the libraries they
// reach for beyond the tools' published lists: Radix primitives imported directly (a shadcn
// component written into the file), shadcn's data table on TanStack Table, Headless UI, dnd-kit's
// sortable lists, react-hot-toast, dayjs with a plugin, nanoid; and the kinds of code the earlier
// files did not try (recharts' composed chart and a pie with its own labels, chart.js registered by
// hand, papaparse on a file input, a dynamic import). Written for these tests; see
// react-kit-libraries.browser.test.mjs.

/** ChatGPT writing shadcn's Tabs and Dialog into the file on @radix-ui directly, with the kit's Select inside the dialog. */
export const RADIX_DIRECT = `"use client"

import * as React from "react"
import * as DialogPrimitive from "@radix-ui/react-dialog"
import * as TabsPrimitive from "@radix-ui/react-tabs"
import { X } from "lucide-react"
import { cn } from "@/lib/utils"
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select"

const Tabs = TabsPrimitive.Root

const TabsList = React.forwardRef<
  React.ElementRef<typeof TabsPrimitive.List>,
  React.ComponentPropsWithoutRef<typeof TabsPrimitive.List>
>(({ className, ...props }, ref) => (
  <TabsPrimitive.List
    ref={ref}
    className={cn("inline-flex h-10 items-center justify-center rounded-md bg-slate-100 p-1 text-slate-500", className)}
    {...props}
  />
))
TabsList.displayName = TabsPrimitive.List.displayName

const TabsTrigger = React.forwardRef<
  React.ElementRef<typeof TabsPrimitive.Trigger>,
  React.ComponentPropsWithoutRef<typeof TabsPrimitive.Trigger>
>(({ className, ...props }, ref) => (
  <TabsPrimitive.Trigger
    ref={ref}
    className={cn("inline-flex items-center rounded-sm px-3 py-1.5 text-sm font-medium data-[state=active]:bg-white data-[state=active]:text-slate-950 data-[state=active]:shadow-sm", className)}
    {...props}
  />
))
TabsTrigger.displayName = TabsPrimitive.Trigger.displayName

const TabsContent = React.forwardRef<
  React.ElementRef<typeof TabsPrimitive.Content>,
  React.ComponentPropsWithoutRef<typeof TabsPrimitive.Content>
>(({ className, ...props }, ref) => <TabsPrimitive.Content ref={ref} className={cn("mt-2", className)} {...props} />)
TabsContent.displayName = TabsPrimitive.Content.displayName

export default function AccountSettings() {
  const [plan, setPlan] = React.useState("free")
  return (
    <div className="mx-auto max-w-md space-y-6 p-8">
      <Tabs defaultValue="account">
        <TabsList>
          <TabsTrigger value="account">Account</TabsTrigger>
          <TabsTrigger value="password">Password</TabsTrigger>
        </TabsList>
        <TabsContent value="account"><p id="panel">Make changes to your account here.</p></TabsContent>
        <TabsContent value="password"><p id="panel">Change your password here.</p></TabsContent>
      </Tabs>
      <p id="plan">Plan: {plan}</p>
      <DialogPrimitive.Root>
        <DialogPrimitive.Trigger id="edit" className="rounded-md bg-slate-900 px-4 py-2 text-sm text-white">Change plan</DialogPrimitive.Trigger>
        <DialogPrimitive.Portal>
          <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/80" />
          <DialogPrimitive.Content id="dialog" className="fixed left-[50%] top-[50%] z-50 grid w-full max-w-lg translate-x-[-50%] translate-y-[-50%] gap-4 border bg-white p-6 shadow-lg sm:rounded-lg">
            <DialogPrimitive.Title className="text-lg font-semibold">Change plan</DialogPrimitive.Title>
            <DialogPrimitive.Description className="text-sm text-slate-500">Pick the plan that suits you.</DialogPrimitive.Description>
            <Select value={plan} onValueChange={setPlan}>
              <SelectTrigger id="plan-select" className="w-[180px]"><SelectValue placeholder="Plan" /></SelectTrigger>
              <SelectContent>
                <SelectItem value="free">Free</SelectItem>
                <SelectItem value="pro">Pro</SelectItem>
              </SelectContent>
            </Select>
            <DialogPrimitive.Close className="absolute right-4 top-4 rounded-sm opacity-70">
              <X className="h-4 w-4" />
              <span className="sr-only">Close</span>
            </DialogPrimitive.Close>
          </DialogPrimitive.Content>
        </DialogPrimitive.Portal>
      </DialogPrimitive.Root>
    </div>
  )
}
`;

/** Radix's own examples: Popover, Switch and Tooltip by their namespaces, no kit at all. */
export const RADIX_PRIMITIVES = `import React from 'react';
import * as Popover from '@radix-ui/react-popover';
import * as Switch from '@radix-ui/react-switch';
import * as Tooltip from '@radix-ui/react-tooltip';
import * as Accordion from '@radix-ui/react-accordion';

export default function Preferences() {
  const [airplane, setAirplane] = React.useState(false);
  return (
    <Tooltip.Provider delayDuration={0}>
      <div className="flex flex-col gap-6 p-10">
        <Popover.Root>
          <Popover.Trigger id="more" className="w-fit rounded bg-violet-600 px-3 py-1 text-white">Dimensions</Popover.Trigger>
          <Popover.Portal>
            <Popover.Content id="popover" className="rounded bg-white p-4 shadow-lg" sideOffset={5}>
              Width 100%
              <Popover.Arrow className="fill-white" />
            </Popover.Content>
          </Popover.Portal>
        </Popover.Root>
        <label className="flex items-center gap-3">
          <Switch.Root id="airplane" checked={airplane} onCheckedChange={setAirplane} className="relative h-6 w-11 rounded-full bg-gray-300 data-[state=checked]:bg-violet-600">
            <Switch.Thumb className="block h-5 w-5 translate-x-0.5 rounded-full bg-white transition-transform data-[state=checked]:translate-x-[22px]" />
          </Switch.Root>
          <span id="mode">{airplane ? 'Airplane mode on' : 'Airplane mode off'}</span>
        </label>
        <Accordion.Root type="single" collapsible>
          <Accordion.Item value="one">
            <Accordion.Header><Accordion.Trigger id="faq">Is it accessible?</Accordion.Trigger></Accordion.Header>
            <Accordion.Content id="answer">Yes. It adheres to the WAI-ARIA design pattern.</Accordion.Content>
          </Accordion.Item>
        </Accordion.Root>
      </div>
    </Tooltip.Provider>
  );
}
`;

/** v0's shadcn data table: TanStack Table's useReactTable with sorting, filtering and pagination. */
export const DATA_TABLE = `"use client"

import * as React from "react"
import {
  ColumnDef,
  SortingState,
  ColumnFiltersState,
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
} from "@tanstack/react-table"
import { ArrowUpDown } from "lucide-react"
import { Button } from "@/components/ui/button"
import { Input } from "@/components/ui/input"
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table"

export type Payment = { id: string; amount: number; status: "pending" | "processing" | "success" | "failed"; email: string }

const data: Payment[] = [
  { id: "m5gr84i9", amount: 316, status: "success", email: "ken99@example.com" },
  { id: "3u1reuv4", amount: 242, status: "success", email: "abe45@example.com" },
  { id: "derv1ws0", amount: 837, status: "processing", email: "monserrat44@example.com" },
  { id: "5kma53ae", amount: 874, status: "success", email: "silas22@example.com" },
  { id: "bhqecj4p", amount: 721, status: "failed", email: "carmella@example.com" },
  { id: "p0o9i8u7", amount: 150, status: "pending", email: "zed@example.com" },
]

export const columns: ColumnDef<Payment>[] = [
  { accessorKey: "status", header: "Status", cell: ({ row }) => <div className="capitalize">{row.getValue("status")}</div> },
  {
    accessorKey: "email",
    header: ({ column }) => (
      <Button id="sort-email" variant="ghost" onClick={() => column.toggleSorting(column.getIsSorted() === "asc")}>
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
      const amount = parseFloat(row.getValue("amount"))
      const formatted = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(amount)
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
    getPaginationRowModel: getPaginationRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    initialState: { pagination: { pageSize: 5 } },
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
          <TableBody id="rows">
            {table.getRowModel().rows?.length ? (
              table.getRowModel().rows.map((row) => (
                <TableRow key={row.id}>
                  {row.getVisibleCells().map((cell) => (
                    <TableCell key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</TableCell>
                  ))}
                </TableRow>
              ))
            ) : (
              <TableRow><TableCell colSpan={columns.length} className="h-24 text-center">No results.</TableCell></TableRow>
            )}
          </TableBody>
        </Table>
      </div>
      <div className="flex items-center justify-end space-x-2 py-4">
        <span id="page" className="text-sm text-muted-foreground">Page {table.getState().pagination.pageIndex + 1} of {table.getPageCount()}</span>
        <Button id="previous" variant="outline" size="sm" onClick={() => table.previousPage()} disabled={!table.getCanPreviousPage()}>Previous</Button>
        <Button id="next" variant="outline" size="sm" onClick={() => table.nextPage()} disabled={!table.getCanNextPage()}>Next</Button>
      </div>
    </div>
  )
}
`;

/** A Bolt kanban column: dnd-kit's sortable list, moved with the keyboard as its docs show. */
export const SORTABLE = `import React, { useState } from 'react';
import { DndContext, closestCenter, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { restrictToVerticalAxis } from '@dnd-kit/modifiers';
import { GripVertical } from 'lucide-react';

function SortableTask({ id }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id });
  const style = { transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.5 : 1 };
  return (
    <li ref={setNodeRef} style={style} {...attributes} {...listeners} data-task={id}
      className="flex items-center gap-2 rounded-lg border bg-white p-3 shadow-sm">
      <GripVertical className="h-4 w-4 text-gray-400" />{id}
    </li>
  );
}

export default function Board() {
  const [tasks, setTasks] = useState(['Write brief', 'Review design', 'Ship it']);
  const sensors = useSensors(
    useSensor(PointerSensor),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates })
  );
  const handleDragEnd = (event) => {
    const { active, over } = event;
    if (over && active.id !== over.id) {
      setTasks((items) => arrayMove(items, items.indexOf(active.id), items.indexOf(over.id)));
    }
  };
  return (
    <div className="min-h-screen bg-gray-100 p-8">
      <h2 className="mb-4 text-lg font-semibold">To do</h2>
      <DndContext sensors={sensors} collisionDetection={closestCenter} modifiers={[restrictToVerticalAxis]} onDragEnd={handleDragEnd}>
        <SortableContext items={tasks} strategy={verticalListSortingStrategy}>
          <ul id="tasks" className="w-72 space-y-2">
            {tasks.map((t) => <SortableTask key={t} id={t} />)}
          </ul>
        </SortableContext>
      </DndContext>
    </div>
  );
}
`;

/** ChatGPT's Tailwind UI habits: Headless UI's Switch, Menu and a Dialog in a Transition. */
export const HEADLESS_UI = `import { Fragment, useState } from 'react'
import { Dialog, DialogPanel, DialogTitle, Menu, MenuButton, MenuItem, MenuItems, Switch, Transition, TransitionChild } from '@headlessui/react'

export default function Example() {
  const [enabled, setEnabled] = useState(false)
  const [isOpen, setIsOpen] = useState(false)
  const [picked, setPicked] = useState('nothing')
  return (
    <div className="space-y-6 p-8">
      <div className="flex items-center gap-3">
        <Switch id="notify" checked={enabled} onChange={setEnabled}
          className={\`\${enabled ? 'bg-blue-600' : 'bg-gray-200'} relative inline-flex h-6 w-11 items-center rounded-full\`}>
          <span className="sr-only">Enable notifications</span>
          <span className={\`\${enabled ? 'translate-x-6' : 'translate-x-1'} inline-block h-4 w-4 transform rounded-full bg-white transition\`} />
        </Switch>
        <span id="notify-state">{enabled ? 'Notifications on' : 'Notifications off'}</span>
      </div>
      <Menu as="div" className="relative inline-block text-left">
        <MenuButton id="options" className="rounded-md bg-black/20 px-4 py-2 text-sm font-medium">Options</MenuButton>
        <MenuItems className="absolute left-0 mt-2 w-56 rounded-md bg-white shadow-lg">
          <MenuItem><button id="duplicate" className="block w-full px-4 py-2 text-left data-[focus]:bg-blue-100" onClick={() => setPicked('Duplicate')}>Duplicate</button></MenuItem>
          <MenuItem><button className="block w-full px-4 py-2 text-left data-[focus]:bg-blue-100" onClick={() => setPicked('Archive')}>Archive</button></MenuItem>
        </MenuItems>
      </Menu>
      <p id="picked">Picked: {picked}</p>
      <button id="open" onClick={() => setIsOpen(true)} className="rounded-md bg-indigo-600 px-4 py-2 text-white">Pay</button>
      <Transition appear show={isOpen} as={Fragment}>
        <Dialog as="div" className="relative z-10" onClose={() => setIsOpen(false)}>
          <TransitionChild as={Fragment} enter="ease-out duration-300" enterFrom="opacity-0" enterTo="opacity-100" leave="ease-in duration-200" leaveFrom="opacity-100" leaveTo="opacity-0">
            <div className="fixed inset-0 bg-black/25" />
          </TransitionChild>
          <div className="fixed inset-0 flex items-center justify-center p-4">
            <DialogPanel id="panel" className="w-full max-w-md rounded-2xl bg-white p-6 shadow-xl">
              <DialogTitle as="h3" className="text-lg font-medium">Payment successful</DialogTitle>
              <button id="got-it" className="mt-4 rounded-md bg-blue-100 px-4 py-2" onClick={() => setIsOpen(false)}>Got it, thanks!</button>
            </DialogPanel>
          </div>
        </Dialog>
      </Transition>
    </div>
  )
}
`;

/** A Bolt notes app: nanoid ids, dayjs with relativeTime and a format, react-hot-toast on save. */
export const NOTES = `import React, { useState } from 'react';
import { nanoid } from 'nanoid';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import toast, { Toaster } from 'react-hot-toast';

dayjs.extend(relativeTime);

export default function Notes() {
  const [notes, setNotes] = useState([{ id: nanoid(), text: 'Welcome', created: dayjs().subtract(2, 'day').toISOString() }]);
  const [text, setText] = useState('');
  const save = () => {
    if (!text.trim()) { toast.error('Write something first'); return; }
    setNotes([...notes, { id: nanoid(), text, created: new Date().toISOString() }]);
    setText('');
    toast.success('Note saved!');
  };
  return (
    <div className="mx-auto max-w-lg p-8">
      <Toaster position="top-center" />
      <h1 className="mb-1 text-2xl font-bold">Notes</h1>
      <p id="today" className="mb-4 text-sm text-gray-500">{dayjs('2025-03-14').format('dddd, MMMM D, YYYY')}</p>
      <div className="flex gap-2">
        <input id="text" value={text} onChange={(e) => setText(e.target.value)} className="flex-1 rounded border px-3 py-2" placeholder="New note" />
        <button id="save" onClick={save} className="rounded bg-emerald-600 px-4 py-2 text-white">Save</button>
      </div>
      <ul id="notes" className="mt-4 space-y-2">
        {notes.map((n) => (
          <li key={n.id} data-id={n.id} className="rounded border p-3">
            <span className="font-medium">{n.text}</span> <span className="text-xs text-gray-400">{dayjs(n.created).fromNow()}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
`;

/** What the earlier files did not try of the contract's own libraries: recharts' ComposedChart with
 * a reference line and a pie with its own percentage labels, chart.js registered by hand on a
 * canvas ref, papaparse reading a chosen file, lodash by method path, and a dynamic import. */
export const ANALYTICS = `import React, { useEffect, useRef, useState } from 'react';
import { ComposedChart, Bar, Line, Area, XAxis, YAxis, CartesianGrid, Tooltip, Legend, ResponsiveContainer, ReferenceLine, PieChart, Pie, Cell } from 'recharts';
import { Chart, registerables } from 'chart.js';
import Papa from 'papaparse';
import groupBy from 'lodash/groupBy';
import sumBy from 'lodash/sumBy';

Chart.register(...registerables);

const monthly = [
  { month: 'Jan', revenue: 400, cost: 240, trend: 300 },
  { month: 'Feb', revenue: 300, cost: 139, trend: 320 },
  { month: 'Mar', revenue: 500, cost: 380, trend: 350 },
  { month: 'Apr', revenue: 478, cost: 390, trend: 380 },
];
const devices = [{ name: 'Desktop', value: 60 }, { name: 'Mobile', value: 30 }, { name: 'Tablet', value: 10 }];
const COLORS = ['#0088FE', '#00C49F', '#FFBB28'];
const RADIAN = Math.PI / 180;
const renderCustomizedLabel = ({ cx, cy, midAngle, innerRadius, outerRadius, percent }) => {
  const radius = innerRadius + (outerRadius - innerRadius) * 0.5;
  const x = cx + radius * Math.cos(-midAngle * RADIAN);
  const y = cy + radius * Math.sin(-midAngle * RADIAN);
  return <text className="pie-label" x={x} y={y} fill="white" textAnchor="middle" dominantBaseline="central">{\`\${(percent * 100).toFixed(0)}%\`}</text>;
};

export default function Analytics() {
  const canvasRef = useRef(null);
  const chartRef = useRef(null);
  const [rows, setRows] = useState([]);
  const [version, setVersion] = useState('');
  useEffect(() => {
    chartRef.current?.destroy();
    chartRef.current = new Chart(canvasRef.current, {
      type: 'doughnut',
      data: { labels: ['Done', 'Open'], datasets: [{ data: [7, 3], backgroundColor: ['#22c55e', '#e5e7eb'] }] },
      options: { animation: false },
    });
    window.__doughnut = chartRef.current;
    return () => chartRef.current?.destroy();
  }, []);
  useEffect(() => { import('lodash').then((m) => setVersion(m.default.VERSION)); }, []);
  const onFile = (e) => {
    const file = e.target.files[0];
    if (!file) return;
    Papa.parse(file, { header: true, skipEmptyLines: true, dynamicTyping: true, complete: (result) => setRows(result.data) });
  };
  const byRegion = groupBy(rows, 'region');
  return (
    <div className="grid grid-cols-2 gap-6 p-6">
      <div id="composed" className="h-72">
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart data={monthly}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="month" />
            <YAxis />
            <Tooltip />
            <Legend />
            <Area type="monotone" dataKey="cost" fill="#8884d8" stroke="#8884d8" />
            <Bar dataKey="revenue" barSize={20} fill="#413ea0" />
            <Line type="monotone" dataKey="trend" stroke="#ff7300" />
            <ReferenceLine y={350} stroke="red" label="Target" />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <div id="pie" className="h-72">
        <ResponsiveContainer width="100%" height="100%">
          <PieChart>
            <Pie data={devices} dataKey="value" labelLine={false} label={renderCustomizedLabel} outerRadius={100} isAnimationActive={false}>
              {devices.map((entry, index) => <Cell key={\`cell-\${index}\`} fill={COLORS[index % COLORS.length]} />)}
            </Pie>
          </PieChart>
        </ResponsiveContainer>
      </div>
      <div className="w-64"><canvas id="doughnut" ref={canvasRef} /></div>
      <div>
        <input id="csv" type="file" accept=".csv" onChange={onFile} />
        <p id="count">{rows.length} rows</p>
        <ul id="regions">{Object.entries(byRegion).map(([region, list]) => <li key={region}>{region}: {sumBy(list, 'sales')}</li>)}</ul>
        <p id="lodash">lodash {version}</p>
      </div>
    </div>
  );
}
`;

/** v0's newer shadcn pieces (late 2025): an empty state with its icon and action, a spinner on a
 * pending button, keys of a shortcut. */
export const SHADCN_LATE_2025 = `"use client"

import { useState } from "react"
import { FolderOpen } from "lucide-react"
import { Button } from "@/components/ui/button"
import { Empty, EmptyContent, EmptyDescription, EmptyHeader, EmptyMedia, EmptyTitle } from "@/components/ui/empty"
import { Kbd, KbdGroup } from "@/components/ui/kbd"
import { Spinner } from "@/components/ui/spinner"

export default function Projects() {
  const [creating, setCreating] = useState(false)
  return (
    <div className="mx-auto max-w-xl p-8">
      <Empty id="empty" className="border">
        <EmptyHeader>
          <EmptyMedia variant="icon"><FolderOpen /></EmptyMedia>
          <EmptyTitle id="title">No projects yet</EmptyTitle>
          <EmptyDescription>You have not created any projects. Get started by creating your first one.</EmptyDescription>
        </EmptyHeader>
        <EmptyContent>
          <Button id="create" disabled={creating} onClick={() => setCreating(true)}>
            {creating && <Spinner id="spinner" />}
            {creating ? "Creating..." : "Create project"}
          </Button>
          <p className="text-sm text-muted-foreground">or press <KbdGroup><Kbd id="key">⌘</Kbd><Kbd>N</Kbd></KbdGroup></p>
        </EmptyContent>
      </Empty>
    </div>
  )
}
`;
