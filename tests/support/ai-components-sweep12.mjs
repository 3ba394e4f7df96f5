// Single-file React components of sweep 12 (tests/react-kit-sweep12.browser.test.mjs), written the way
// v0 and the models trained on Tailwind v4 now write them: v4's bare numbers where v3 has a fixed
// scale (`size-18`, `max-w-120`, `grid-cols-15`, `aspect-4/3`, `bg-black/12`, `z-60`,
// `duration-400`, `hover:scale-102`), its CSS-variable shorthand (`bg-(--accent-color)`), its
// `not-last:` variant, and its 3D transforms for a
// flashcard's flip (`perspective-distant`, `transform-3d`, `rotate-y-180`, `backface-hidden`).

/** v0: a profile card with a cover, an avatar, a 15-week activity grid and a list of links. */
export const V0_PROFILE = `"use client"

import { useState } from "react"
import { MapPin, Link2, Flame } from "lucide-react"
import { Badge } from "@/components/ui/badge"
import { Button } from "@/components/ui/button"

const weeks = Array.from({ length: 15 * 4 }, (_, i) => (i * 7) % 5)
const links = [
  { label: "Portfolio", href: "https://example.com" },
  { label: "Writing", href: "https://example.com/blog" },
  { label: "Talks", href: "https://example.com/talks" },
]
const shade = ["bg-emerald-100", "bg-emerald-200", "bg-emerald-300", "bg-emerald-500", "bg-emerald-700"]

export default function ProfileCard() {
  const [following, setFollowing] = useState(false)

  return (
    <div className="flex min-h-screen items-center justify-center bg-zinc-100 p-6">
      <article
        id="card"
        style={{ "--accent-color": "#f97316" } as React.CSSProperties}
        className="w-full max-w-120 overflow-hidden rounded-2xl bg-white shadow-xs ring-1 ring-black/5"
      >
        <div id="cover" className="relative aspect-4/3 bg-linear-to-br from-sky-400 to-indigo-500">
          <div className="absolute inset-0 bg-black/12" />
          <img
            id="avatar"
            src="/placeholder-user.jpg"
            alt="Maya Chen"
            className="absolute -bottom-9 left-6 size-18 rounded-full border-4 border-white object-cover"
          />
        </div>
        <div className="px-6 pt-12 pb-6">
          <div className="flex items-start justify-between gap-4">
            <div>
              <h2 className="text-xl font-semibold tracking-tight">Maya Chen</h2>
              <p className="flex items-center gap-1 text-sm text-zinc-500">
                <MapPin className="size-3.5" /> Lisbon
              </p>
            </div>
            <Button
              id="follow"
              size="sm"
              variant={following ? "outline" : "default"}
              className="transition-transform duration-400 hover:scale-102"
              onClick={() => setFollowing((f) => !f)}
            >
              {following ? "Following" : "Follow"}
            </Button>
          </div>
          <div className="mt-5">
            <div className="mb-2 flex items-center gap-1.5 text-xs font-medium text-zinc-600">
              <span id="dot" className="size-2 rounded-full bg-(--accent-color)" />
              <Flame className="size-3.5 text-orange-500" /> 60 days of activity
              <Badge variant="secondary" className="ml-auto">streak 12</Badge>
            </div>
            <div id="activity" className="grid grid-cols-15 gap-1">
              {weeks.map((level, i) => (
                <div key={i} className={\`aspect-square rounded-xs \${shade[level]}\`} />
              ))}
            </div>
          </div>
          <ul id="links" className="mt-5 rounded-xl border border-zinc-200">
            {links.map((l) => (
              <li key={l.label} className="flex items-center gap-2 px-4 py-3 text-sm not-last:border-b not-last:border-zinc-200">
                <Link2 className="size-4 text-zinc-400" />
                <a href={l.href} className="font-medium hover:underline">{l.label}</a>
              </li>
            ))}
          </ul>
        </div>
      </article>
      <div id="toast" className="fixed right-4 bottom-4 z-60 rounded-lg bg-zinc-900 px-3 py-2 text-sm text-white">
        {following ? "You follow Maya" : "Say hello"}
      </div>
    </div>
  )
}
`;

/** A flashcard deck written with Tailwind v4's 3D transforms: a click flips the card to its answer. */
export const V4_FLASHCARDS = `import { useState } from "react"
import { RotateCcw, ChevronRight } from "lucide-react"

const cards = [
  { q: "Capital of Portugal?", a: "Lisbon" },
  { q: "Largest planet?", a: "Jupiter" },
  { q: "H2O is…", a: "Water" },
]

export default function Flashcards() {
  const [index, setIndex] = useState(0)
  const [flipped, setFlipped] = useState(false)
  const card = cards[index]

  const next = () => {
    setFlipped(false)
    setIndex((i) => (i + 1) % cards.length)
  }

  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 bg-slate-50 p-8">
      <p id="count" className="text-sm text-slate-500">Card {index + 1} of {cards.length}</p>
      <button id="card" onClick={() => setFlipped((f) => !f)} className="h-56 w-96 perspective-distant" aria-label="Flip card">
        <div id="inner" className={\`relative size-full transition-transform duration-500 transform-3d \${flipped ? "rotate-y-180" : ""}\`}>
          <div id="front" className="absolute inset-0 flex items-center justify-center rounded-2xl bg-indigo-600 p-6 text-2xl font-semibold text-white backface-hidden">
            {card.q}
          </div>
          <div id="back" className="absolute inset-0 flex items-center justify-center rounded-2xl bg-emerald-500 p-6 text-2xl font-semibold text-white rotate-y-180 backface-hidden">
            {card.a}
          </div>
        </div>
      </button>
      <div className="flex gap-3">
        <button onClick={() => setFlipped(false)} className="inline-flex items-center gap-2 rounded-lg border px-4 py-2 text-sm">
          <RotateCcw className="size-4" /> Reset
        </button>
        <button id="next" onClick={next} className="inline-flex items-center gap-2 rounded-lg bg-slate-900 px-4 py-2 text-sm text-white">
          Next <ChevronRight className="size-4" />
        </button>
      </div>
    </main>
  )
}
`;
