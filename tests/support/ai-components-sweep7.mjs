// Single-file React components in shapes the AI tools write beyond the earlier sweeps (sweep 7):
// a v0 page copied without its layout.tsx, headers and bars fixed or sticky at the top of the
// window, and the entrance animations of shadcn's and Lovable's projects. Written for these tests;
// see react-kit-sweep7.browser.test.mjs.

/** A v0 settings page (`app/page.tsx`): sonner's `toast()`, shadcn's older `useToast` and next-themes' `useTheme`, whose `<Toaster />`s and `<ThemeProvider>` live in the app's layout.tsx, which was not copied. */
export const V0_WITHOUT_LAYOUT = `"use client"

import { useTheme } from "next-themes"
import { toast } from "sonner"
import { useToast } from "@/hooks/use-toast"
import { Button } from "@/components/ui/button"
import { Moon, Sun } from "lucide-react"

export default function SettingsPage() {
  const { setTheme, resolvedTheme } = useTheme()
  const { toast: notify } = useToast()

  return (
    <div className="min-h-screen bg-background text-foreground">
      <header className="sticky top-0 z-50 w-full border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/60">
        <div className="container flex h-14 items-center justify-between">
          <span className="font-semibold">Settings</span>
          <Button id="theme" variant="ghost" size="icon" onClick={() => setTheme(resolvedTheme === "dark" ? "light" : "dark")}>
            <Sun className="h-5 w-5 rotate-0 scale-100 transition-all dark:-rotate-90 dark:scale-0" />
            <Moon className="absolute h-5 w-5 rotate-90 scale-0 transition-all dark:rotate-0 dark:scale-100" />
            <span className="sr-only">Toggle theme</span>
          </Button>
        </div>
      </header>
      <main className="container space-y-4 py-10">
        <p id="mode">Theme: {resolvedTheme ?? "none"}</p>
        <div className="flex gap-2">
          <Button id="save" onClick={() => toast.success("Profile saved", { description: "Your changes are live." })}>Save</Button>
          <Button id="schedule" variant="outline" onClick={() => notify({ title: "Scheduled: Catch up", description: "Friday, February 10 at 5:57 PM" })}>
            Schedule
          </Button>
        </div>
      </main>
    </div>
  )
}
`;

/** A landing page (ChatGPT, Bolt): a nav bar fixed to the top, a bottom bar, and a pricing table whose head sticks inside its own scrolling box, below a long page. */
export const FIXED_AND_STICKY = `import React, { useState } from "react";
import { Menu } from "lucide-react";

const rows = Array.from({ length: 40 }, (_, i) => ({ plan: "Plan " + (i + 1), price: 9 + i }));

export default function Landing() {
  const [open, setOpen] = useState(false);
  return (
    <div className="min-h-screen bg-slate-50">
      <nav id="nav" className="fixed top-0 left-0 right-0 z-50 flex h-16 items-center justify-between bg-white/90 px-6 shadow backdrop-blur">
        <span className="text-lg font-bold text-indigo-600">Nimbus</span>
        <button id="burger" onClick={() => setOpen(!open)} className="rounded p-2 hover:bg-slate-100"><Menu className="h-5 w-5" /></button>
      </nav>
      {open && (
        <div id="sheet" className="fixed inset-0 z-40 bg-black/40" onClick={() => setOpen(false)}>
          <div className="ml-auto h-full w-64 bg-white p-6 pt-20">Menu</div>
        </div>
      )}
      <main className="mx-auto max-w-3xl px-6 pb-32 pt-24">
        <h1 className="text-4xl font-extrabold">Cloud storage that scales</h1>
        <div id="box" className="mt-8 h-64 overflow-auto rounded border bg-white">
          <table className="w-full text-left">
            <thead id="thead" className="sticky top-0 bg-slate-100"><tr><th className="p-2">Plan</th><th className="p-2">Price</th></tr></thead>
            <tbody>{rows.map((r) => <tr key={r.plan}><td className="p-2">{r.plan}</td><td className="p-2">\${r.price}</td></tr>)}</tbody>
          </table>
        </div>
        <div className="h-[1600px]" />
      </main>
      <div id="bar" className="fixed bottom-0 inset-x-0 border-t bg-white p-3 text-center text-sm">Free for 14 days</div>
    </div>
  );
}
`;

/** shadcn's Dialog and Popover written into the file itself (v0, ChatGPT) with tailwindcss-animate's classes, a hero that animates in, and Lovable's entrances from its tailwind.config, which a single file does not carry (`opacity-0 animate-fade-in-up`). */
export const ENTRANCES = `"use client"

import * as React from "react"
import * as DialogPrimitive from "@radix-ui/react-dialog"
import * as PopoverPrimitive from "@radix-ui/react-popover"
import { X } from "lucide-react"
import { cn } from "@/lib/utils"
import { Button } from "@/components/ui/button"

const DialogOverlay = React.forwardRef<
  React.ElementRef<typeof DialogPrimitive.Overlay>,
  React.ComponentPropsWithoutRef<typeof DialogPrimitive.Overlay>
>(({ className, ...props }, ref) => (
  <DialogPrimitive.Overlay
    ref={ref}
    className={cn("fixed inset-0 z-50 bg-black/80 data-[state=open]:animate-in data-[state=closed]:animate-out data-[state=closed]:fade-out-0 data-[state=open]:fade-in-0", className)}
    {...props}
  />
))
DialogOverlay.displayName = DialogPrimitive.Overlay.displayName

const DialogContent = React.forwardRef<
  React.ElementRef<typeof DialogPrimitive.Content>,
  React.ComponentPropsWithoutRef<typeof DialogPrimitive.Content>
>(({ className, children, ...props }, ref) => (
  <DialogPrimitive.Portal>
    <DialogOverlay />
    <DialogPrimitive.Content
      ref={ref}
      className={cn(
        "fixed left-[50%] top-[50%] z-50 grid w-full max-w-lg translate-x-[-50%] translate-y-[-50%] gap-4 border bg-background p-6 shadow-lg duration-200 data-[state=open]:animate-in data-[state=closed]:animate-out data-[state=closed]:fade-out-0 data-[state=open]:fade-in-0 data-[state=closed]:zoom-out-95 data-[state=open]:zoom-in-95 data-[state=closed]:slide-out-to-left-1/2 data-[state=closed]:slide-out-to-top-[48%] data-[state=open]:slide-in-from-left-1/2 data-[state=open]:slide-in-from-top-[48%] sm:rounded-lg",
        className
      )}
      {...props}
    >
      {children}
      <DialogPrimitive.Close id="close" className="absolute right-4 top-4 rounded-sm opacity-70 transition-opacity hover:opacity-100">
        <X className="h-4 w-4" />
        <span className="sr-only">Close</span>
      </DialogPrimitive.Close>
    </DialogPrimitive.Content>
  </DialogPrimitive.Portal>
))
DialogContent.displayName = DialogPrimitive.Content.displayName

export default function Hero() {
  return (
    <section className="container mx-auto py-24 text-center">
      <h1 id="title" className="text-5xl font-bold tracking-tight animate-in fade-in slide-in-from-bottom-4 duration-1000">Ship faster</h1>
      <p id="lead" className="mt-4 text-lg text-muted-foreground opacity-0 animate-fade-in-up [animation-delay:200ms]">Everything you need to launch.</p>
      <div id="cta" className="mt-8 flex justify-center gap-4 animate-fade-in">
        <DialogPrimitive.Root>
          <DialogPrimitive.Trigger asChild><Button id="open">Get started</Button></DialogPrimitive.Trigger>
          <DialogContent id="dialog">
            <DialogPrimitive.Title className="text-lg font-semibold">Create an account</DialogPrimitive.Title>
            <DialogPrimitive.Description className="text-sm text-muted-foreground">It takes a minute.</DialogPrimitive.Description>
          </DialogContent>
        </DialogPrimitive.Root>
        <PopoverPrimitive.Root>
          <PopoverPrimitive.Trigger asChild><Button id="more" variant="outline">Learn more</Button></PopoverPrimitive.Trigger>
          <PopoverPrimitive.Portal>
            <PopoverPrimitive.Content id="popover" align="center" sideOffset={4} className="z-50 w-72 rounded-md border bg-popover p-4 text-popover-foreground shadow-md outline-none data-[state=open]:animate-in data-[state=closed]:animate-out data-[state=closed]:fade-out-0 data-[state=open]:fade-in-0 data-[state=closed]:zoom-out-95 data-[state=open]:zoom-in-95 data-[side=bottom]:slide-in-from-top-2">
              Free for 14 days.
            </PopoverPrimitive.Content>
          </PopoverPrimitive.Portal>
        </PopoverPrimitive.Root>
      </div>
    </section>
  )
}
`;

/** A spinning cube as the models write it when asked for "a 3D scene in React": React Three Fiber with drei's OrbitControls, which no tool's list has. */
export const R3F_SCENE = `import React, { useRef } from "react";
import { Canvas, useFrame } from "@react-three/fiber";
import { OrbitControls } from "@react-three/drei";

function Box() {
  const mesh = useRef();
  useFrame((_, delta) => (mesh.current.rotation.y += delta));
  return (
    <mesh ref={mesh}>
      <boxGeometry args={[1, 1, 1]} />
      <meshStandardMaterial color="hotpink" />
    </mesh>
  );
}

export default function Scene() {
  return (
    <div className="h-screen w-full">
      <Canvas camera={{ position: [3, 3, 3] }}>
        <ambientLight intensity={0.5} />
        <pointLight position={[10, 10, 10]} />
        <Box />
        <OrbitControls />
      </Canvas>
    </div>
  );
}
`;

/** shadcn's command palette, drawer, OTP field, carousel and resizable panels written into the file on their packages directly (ChatGPT's canvases and v0 now and then write shadcn's part itself rather than import it). */
export const DIRECT_PACKAGES = `import * as React from "react";
import { Command as CommandPrimitive } from "cmdk";
import { Drawer as DrawerPrimitive } from "vaul";
import { OTPInput, OTPInputContext } from "input-otp";
import useEmblaCarousel from "embla-carousel-react";
import { PanelGroup, Panel, PanelResizeHandle } from "react-resizable-panels";
import { Search } from "lucide-react";

const fruits = ["Apple", "Banana", "Cherry", "Grape"];

function Slot({ index }: { index: number }) {
  const ctx = React.useContext(OTPInputContext);
  const { char, isActive } = ctx.slots[index];
  return <div data-slot className={"flex h-10 w-10 items-center justify-center border text-lg " + (isActive ? "ring-2 ring-black" : "")}>{char}</div>;
}

export default function Toolbox() {
  const [value, setValue] = React.useState("");
  const [emblaRef, emblaApi] = useEmblaCarousel({ loop: false });
  const [slide, setSlide] = React.useState(0);
  React.useEffect(() => {
    if (!emblaApi) return;
    const onSelect = () => setSlide(emblaApi.selectedScrollSnap());
    emblaApi.on("select", onSelect);
    return () => { emblaApi.off("select", onSelect); };
  }, [emblaApi]);
  return (
    <div className="mx-auto max-w-xl space-y-8 p-8">
      <CommandPrimitive className="rounded-lg border shadow-md">
        <div className="flex items-center border-b px-3"><Search className="mr-2 h-4 w-4 opacity-50" />
          <CommandPrimitive.Input placeholder="Search fruit..." className="h-10 w-full bg-transparent outline-none" />
        </div>
        <CommandPrimitive.List>
          <CommandPrimitive.Empty>No results found.</CommandPrimitive.Empty>
          {fruits.map((f) => <CommandPrimitive.Item key={f} className="px-3 py-2 data-[selected=true]:bg-slate-100">{f}</CommandPrimitive.Item>)}
        </CommandPrimitive.List>
      </CommandPrimitive>
      <OTPInput maxLength={4} value={value} onChange={setValue} containerClassName="flex gap-2">
        {[0, 1, 2, 3].map((i) => <Slot key={i} index={i} />)}
      </OTPInput>
      <div>
        <div className="overflow-hidden" ref={emblaRef}>
          <div className="flex">{[1, 2, 3].map((n) => <div key={n} className="min-w-0 flex-[0_0_100%] p-8 text-center text-3xl">Slide {n}</div>)}</div>
        </div>
        <button id="next" onClick={() => emblaApi?.scrollNext()} className="border px-3">Next</button>
        <span id="slide">{slide}</span>
      </div>
      <PanelGroup direction="horizontal" className="h-24 rounded border">
        <Panel id="left" defaultSize={30}><div className="p-2">Left</div></Panel>
        <PanelResizeHandle className="w-1 bg-slate-300" />
        <Panel defaultSize={70}><div className="p-2">Right</div></Panel>
      </PanelGroup>
      <DrawerPrimitive.Root>
        <DrawerPrimitive.Trigger id="drawer" className="rounded border px-3 py-1">Open drawer</DrawerPrimitive.Trigger>
        <DrawerPrimitive.Portal>
          <DrawerPrimitive.Overlay className="fixed inset-0 bg-black/40" />
          <DrawerPrimitive.Content id="sheet" className="fixed inset-x-0 bottom-0 rounded-t-xl bg-white p-6">
            <DrawerPrimitive.Title>Move goal</DrawerPrimitive.Title>
            <DrawerPrimitive.Description>Set your daily activity goal.</DrawerPrimitive.Description>
          </DrawerPrimitive.Content>
        </DrawerPrimitive.Portal>
      </DrawerPrimitive.Root>
    </div>
  );
}
`;

/** shadcn's toaster written into the file itself (under another name), on the kit's toast parts and `useToast`. */
export const OWN_TOASTER = `import { Toast, ToastProvider, ToastTitle, ToastViewport } from "@/components/ui/toast";
import { useToast } from "@/hooks/use-toast";
import { Button } from "@/components/ui/button";

function Toasts() {
  const { toasts } = useToast();
  return (
    <ToastProvider>
      {toasts.map(({ id, title, ...props }) => <Toast key={id} {...props}><ToastTitle>{title}</ToastTitle></Toast>)}
      <ToastViewport />
    </ToastProvider>
  );
}

export default function App() {
  const { toast } = useToast();
  return (
    <div className="p-8">
      <Button id="go" onClick={() => toast({ title: "Copied" })}>Copy</Button>
      <Toasts />
    </div>
  );
}
`;
