// A single-file React component in the shape AI tools write them: shadcn/ui, lucide icons,
// recharts and Tailwind classes. Plug compiles and renders it in the browser.
import { useState } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Button } from "@/components/ui/button";
import { Badge } from "@/components/ui/badge";
import { TrendingUp, Users, Zap } from "lucide-react";
import { ResponsiveContainer, LineChart, Line, XAxis, YAxis, Tooltip, CartesianGrid } from "recharts";

const weeks = [
  { week: "W1", visits: 120 }, { week: "W2", visits: 180 }, { week: "W3", visits: 160 },
  { week: "W4", visits: 240 }, { week: "W5", visits: 310 }, { week: "W6", visits: 290 },
];

export default function Dashboard() {
  const [range, setRange] = useState(6);
  const shown = weeks.slice(-range);
  const stats = [
    { label: "Visits", value: shown.reduce((sum, w) => sum + w.visits, 0), icon: TrendingUp },
    { label: "Teams", value: 12, icon: Users },
    { label: "Sparks", value: 48, icon: Zap },
  ];
  return (
    <div className="min-h-screen bg-slate-50 p-8">
      <div className="mx-auto max-w-4xl space-y-6">
        <div className="flex items-center justify-between">
          <h1 className="text-2xl font-bold text-slate-900">Launch dashboard</h1>
          <Badge variant="secondary">Demo</Badge>
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          {stats.map(({ label, value, icon: Icon }) => (
            <Card key={label}>
              <CardHeader className="flex flex-row items-center justify-between pb-2">
                <CardTitle className="text-sm font-medium text-slate-500">{label}</CardTitle>
                <Icon className="h-4 w-4 text-indigo-600" />
              </CardHeader>
              <CardContent><p className="text-3xl font-bold">{value}</p></CardContent>
            </Card>
          ))}
        </div>
        <Card>
          <CardHeader className="flex flex-row items-center justify-between">
            <CardTitle>Visits per week</CardTitle>
            <div className="flex gap-2">
              {[3, 6].map((n) => (
                <Button key={n} size="sm" variant={range === n ? "default" : "outline"} onClick={() => setRange(n)}>
                  {n} weeks
                </Button>
              ))}
            </div>
          </CardHeader>
          <CardContent className="h-64">
            <ResponsiveContainer width="100%" height="100%">
              <LineChart data={shown}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="week" />
                <YAxis />
                <Tooltip />
                <Line type="monotone" dataKey="visits" stroke="#4f46e5" strokeWidth={2} />
              </LineChart>
            </ResponsiveContainer>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
