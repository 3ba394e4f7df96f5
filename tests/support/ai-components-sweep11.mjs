// Single-file React components of sweep 11, written the way each tool saves them (tests/react-kit-
// sweep11.browser.test.mjs): a v0 block ("use client", shadcn's card, input and button) making a
// QR code for a link with qrcode.react's SVG and downloading its canvas twin as a PNG, a ChatGPT
// canvas Wi-Fi card drawing the code with the default import qrcode.react 3 had, a ChatGPT canvas
// workout log on Chart.js 2's default import, a Claude artifact quiz throwing react-confetti, and
// the tutorials' react-confetti sized by react-use's useWindowSize.

/** v0: a QR code maker for a link, its colour and size from the form, downloaded as a PNG. */
export const V0_QR = `"use client"

import { useRef, useState } from "react"
import { QRCodeSVG, QRCodeCanvas } from "qrcode.react"
import { Download, QrCode } from "lucide-react"
import { Button } from "@/components/ui/button"
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card"
import { Input } from "@/components/ui/input"
import { Label } from "@/components/ui/label"

export default function Component() {
  const [url, setUrl] = useState("https://example.com/menu")
  const [color, setColor] = useState("#0f172a")
  const canvasRef = useRef<HTMLCanvasElement>(null)

  const download = () => {
    const canvas = canvasRef.current
    if (!canvas) return
    const link = document.createElement("a")
    link.href = canvas.toDataURL("image/png")
    link.download = "qr-code.png"
    link.click()
  }

  return (
    <div className="min-h-screen bg-muted/40 flex items-center justify-center p-6">
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <QrCode className="h-5 w-5" /> QR Code Generator
          </CardTitle>
          <CardDescription>Paste a link and share it as a code.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <div className="space-y-2">
            <Label htmlFor="url">Link</Label>
            <Input id="url" value={url} onChange={(e) => setUrl(e.target.value)} />
          </div>
          <div className="space-y-2">
            <Label htmlFor="color">Colour</Label>
            <Input id="color" type="color" value={color} onChange={(e) => setColor(e.target.value)} className="h-10 w-20 p-1" />
          </div>
          <div id="code" className="flex justify-center rounded-lg border bg-white p-4">
            <QRCodeSVG value={url} size={192} level="M" fgColor={color} bgColor="#ffffff" marginSize={2} title={url} />
          </div>
          <QRCodeCanvas ref={canvasRef} value={url} size={512} fgColor={color} className="hidden" />
          <Button id="download" className="w-full" onClick={download} disabled={!url}>
            <Download className="mr-2 h-4 w-4" /> Download PNG
          </Button>
        </CardContent>
      </Card>
    </div>
  )
}
`;

/** ChatGPT canvas: a Wi-Fi card for guests, with the default import of qrcode.react's 3.x line. */
export const CHATGPT_WIFI = `import React, { useState } from "react";
import QRCode from "qrcode.react";
import { Wifi } from "lucide-react";

const escape = (s) => s.replace(/([\\\\;,:"])/g, "\\\\$1");

export default function WifiCard() {
  const [ssid, setSsid] = useState("Cafe Guest");
  const [password, setPassword] = useState("espresso2024");
  const payload = \`WIFI:T:WPA;S:\${escape(ssid)};P:\${escape(password)};;\`;

  return (
    <div className="max-w-sm mx-auto mt-10 rounded-2xl bg-white shadow-lg p-6 text-center">
      <div className="flex items-center justify-center gap-2 text-indigo-600 mb-4">
        <Wifi className="w-6 h-6" />
        <h2 className="text-xl font-semibold">Guest Wi-Fi</h2>
      </div>
      <QRCode id="wifi-qr" value={payload} size={200} renderAs="svg" includeMargin={true} />
      <div className="mt-4 space-y-2 text-left">
        <input id="ssid" className="w-full border rounded px-3 py-2" value={ssid} onChange={(e) => setSsid(e.target.value)} />
        <input id="password" className="w-full border rounded px-3 py-2" value={password} onChange={(e) => setPassword(e.target.value)} />
      </div>
      <p id="payload" className="mt-3 text-xs text-gray-500 break-all">{payload}</p>
    </div>
  );
}
`;

/** ChatGPT canvas: a workout log drawing Chart.js in an effect with the default import Chart.js 2's
 * code had (`import Chart from "chart.js"`), nothing registered, beside a doughnut through
 * `chart.js/auto`. */
export const CHATGPT_WORKOUTS = `import React, { useEffect, useRef, useState } from "react";
import Chart from "chart.js";
import AutoChart from "chart.js/auto";

export default function WorkoutLog() {
  const lineRef = useRef(null);
  const pieRef = useRef(null);
  const chartRef = useRef(null);
  const [sessions, setSessions] = useState([30, 45, 20, 50]);

  useEffect(() => {
    chartRef.current = new Chart(lineRef.current, {
      type: "bar",
      data: {
        labels: sessions.map((_, i) => \`Week \${i + 1}\`),
        datasets: [{ label: "Minutes", data: sessions, backgroundColor: "#ea580c" }],
      },
      options: { animation: false, maintainAspectRatio: false, plugins: { legend: { display: false } }, scales: { y: { beginAtZero: true, max: 80 } } },
    });
    return () => chartRef.current.destroy();
  }, [sessions]);

  useEffect(() => {
    const pie = new AutoChart(pieRef.current, {
      type: "pie",
      data: { labels: ["Cardio"], datasets: [{ data: [1], backgroundColor: ["#2563eb"] }] },
      options: { animation: false, maintainAspectRatio: false, plugins: { legend: { display: false } } },
    });
    window.oneChartJs = Object.getPrototypeOf(Chart) === AutoChart;
    return () => pie.destroy();
  }, []);

  return (
    <div className="max-w-xl mx-auto p-6 space-y-4">
      <h1 className="text-2xl font-bold">Workout Log</h1>
      <div style={{ height: 240 }}><canvas id="weeks" ref={lineRef} /></div>
      <div style={{ height: 160 }}><canvas id="split" ref={pieRef} /></div>
      <button id="add" className="px-4 py-2 rounded bg-orange-600 text-white" onClick={() => setSessions((s) => [...s, 35])}>
        Add week
      </button>
    </div>
  );
}
`;

/** Claude artifact: a two-question quiz whose win throws react-confetti over the window, sized by
 * its own resize listener, with a button under the confetti to play again. */
export const CLAUDE_QUIZ = `import React, { useEffect, useState } from "react";
import Confetti from "react-confetti";
import { Trophy } from "lucide-react";

const QUESTIONS = [
  { q: "Which planet is known as the Red Planet?", options: ["Venus", "Mars", "Jupiter"], answer: "Mars" },
  { q: "What is 7 × 8?", options: ["54", "56", "64"], answer: "56" },
];

export default function PlanetQuiz() {
  const [index, setIndex] = useState(0);
  const [score, setScore] = useState(0);
  const [size, setSize] = useState({ width: window.innerWidth, height: window.innerHeight });

  useEffect(() => {
    const onResize = () => setSize({ width: window.innerWidth, height: window.innerHeight });
    window.addEventListener("resize", onResize);
    return () => window.removeEventListener("resize", onResize);
  }, []);

  const done = index >= QUESTIONS.length;
  const won = done && score === QUESTIONS.length;

  const choose = (option) => {
    if (option === QUESTIONS[index].answer) setScore((s) => s + 1);
    setIndex((i) => i + 1);
  };

  return (
    <div className="min-h-screen bg-gradient-to-br from-indigo-50 to-purple-100 flex items-center justify-center p-6">
      {won && <Confetti width={size.width} height={size.height} recycle={false} numberOfPieces={400} gravity={0.15} />}
      <div className="bg-white rounded-2xl shadow-xl p-8 w-full max-w-md text-center">
        {!done ? (
          <>
            <p className="text-sm text-gray-500 mb-2">Question {index + 1} of {QUESTIONS.length}</p>
            <h2 className="text-xl font-semibold mb-6">{QUESTIONS[index].q}</h2>
            <div className="grid gap-3">
              {QUESTIONS[index].options.map((o) => (
                <button key={o} className="option border rounded-lg py-2 hover:bg-indigo-50" onClick={() => choose(o)}>
                  {o}
                </button>
              ))}
            </div>
          </>
        ) : (
          <>
            <Trophy className="w-12 h-12 mx-auto text-yellow-500" />
            <h2 id="result" className="text-2xl font-bold mt-4">{won ? "Perfect score!" : \`You scored \${score}\`}</h2>
            <button id="again" className="mt-6 px-5 py-2 rounded-lg bg-indigo-600 text-white" onClick={() => { setIndex(0); setScore(0); }}>
              Play again
            </button>
          </>
        )}
      </div>
    </div>
  );
}
`;

/** The same celebration as the tutorials write it, sized by react-use's useWindowSize. */
export const CONFETTI_WINDOW_SIZE = `import React from "react";
import Confetti from "react-confetti";
import { useWindowSize } from "react-use";

export default function Celebrate() {
  const { width, height } = useWindowSize();
  return (
    <div className="p-8">
      <Confetti width={width} height={height} />
      <h1 className="text-3xl font-bold">You did it!</h1>
    </div>
  );
}
`;
