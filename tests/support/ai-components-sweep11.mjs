// Single-file React components of sweep 11, written the way each tool saves them (tests/react-kit-
// sweep11.browser.test.mjs): a v0 block ("use client", shadcn's card, input and button) making a
// QR code for a link with qrcode.react's SVG and downloading its canvas twin as a PNG, and a
// ChatGPT canvas Wi-Fi card drawing the code with the default import qrcode.react 3 wrote.

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
