// shadcn/ui's chart: a config of series ({ desktop: { label, color } }) that becomes CSS variables
// (`var(--color-desktop)`) on a container holding recharts' ResponsiveContainer, and a tooltip and
// legend drawn in the kit's style. recharts is the page's own recharts.mjs, so `<ChartTooltip>`
// inside a `<BarChart>` from "recharts" is the same recharts.
import * as React from "react";
import * as Recharts from "recharts";
import { cn } from "../lib/utils.js";

const THEMES = { light: "", dark: ".dark" };
const ChartContext = React.createContext(null);

export function useChart() {
  const context = React.useContext(ChartContext);
  if (!context) throw new Error("useChart must be used within a <ChartContainer />");
  return context;
}

export const ChartContainer = React.forwardRef(({ id, className, children, config, ...props }, ref) => {
  const unique = React.useId().replace(/:/g, "");
  const chartId = `chart-${id || unique}`;
  return (
    <ChartContext.Provider value={{ config }}>
      <div
        data-chart={chartId}
        ref={ref}
        className={cn(
          "flex aspect-video justify-center text-xs [&_.recharts-cartesian-axis-tick_text]:fill-muted-foreground [&_.recharts-cartesian-grid_line[stroke='#ccc']]:stroke-border/50 [&_.recharts-curve.recharts-tooltip-cursor]:stroke-border [&_.recharts-dot[stroke='#fff']]:stroke-transparent [&_.recharts-layer]:outline-none [&_.recharts-polar-grid_[stroke='#ccc']]:stroke-border [&_.recharts-radial-bar-background-sector]:fill-muted [&_.recharts-rectangle.recharts-tooltip-cursor]:fill-muted [&_.recharts-reference-line_[stroke='#ccc']]:stroke-border [&_.recharts-sector[stroke='#fff']]:stroke-transparent [&_.recharts-sector]:outline-none [&_.recharts-surface]:outline-none",
          className,
        )}
        {...props}
      >
        <ChartStyle id={chartId} config={config} />
        <Recharts.ResponsiveContainer>{children}</Recharts.ResponsiveContainer>
      </div>
    </ChartContext.Provider>
  );
});
ChartContainer.displayName = "ChartContainer";

/** `--color-<key>` for every series of the config that has a colour, per theme. */
export function ChartStyle({ id, config }) {
  const coloured = Object.entries(config ?? {}).filter(([, item]) => item.theme || item.color);
  if (!coloured.length) return null;
  const css = Object.entries(THEMES)
    .map(([theme, prefix]) => {
      const lines = coloured
        .map(([key, item]) => {
          const colour = item.theme?.[theme] || item.color;
          return colour && /^[\w-]+$/.test(key) ? `  --color-${key}: ${String(colour).replace(/[;{}<]/g, "")};` : null;
        })
        .filter(Boolean);
      return `${prefix} [data-chart=${id}] {\n${lines.join("\n")}\n}`;
    })
    .join("\n");
  return <style dangerouslySetInnerHTML={{ __html: css }} />;
}

export const ChartTooltip = Recharts.Tooltip;
export const ChartLegend = Recharts.Legend;

/** The config entry a tooltip or legend row stands for: by `nameKey`, the data key or the name. */
function configFor(config, item, key) {
  const inner = item && typeof item.payload === "object" && item.payload !== null ? item.payload : undefined;
  let label = key;
  if (item && typeof item[key] === "string") label = item[key];
  else if (inner && typeof inner[key] === "string") label = inner[key];
  return config[label] ?? config[key];
}

export const ChartTooltipContent = React.forwardRef(
  (
    { active, payload, className, indicator = "dot", hideLabel = false, hideIndicator = false, label, labelFormatter,
      labelClassName, formatter, color, nameKey, labelKey },
    ref,
  ) => {
    const { config } = useChart();
    if (!active || !payload?.length) return null;
    const first = payload[0];
    const firstKey = `${labelKey || first.dataKey || first.name || "value"}`;
    const firstConfig = configFor(config, first, firstKey);
    const labelText = !labelKey && typeof label === "string" ? config[label]?.label || label : firstConfig?.label;
    let heading = null;
    if (!hideLabel) {
      if (labelFormatter) heading = <div className={cn("font-medium", labelClassName)}>{labelFormatter(labelText, payload)}</div>;
      else if (labelText) heading = <div className={cn("font-medium", labelClassName)}>{labelText}</div>;
    }
    const nested = payload.length === 1 && indicator !== "dot";
    return (
      <div ref={ref} className={cn("grid min-w-[8rem] items-start gap-1.5 rounded-lg border border-border/50 bg-background px-2.5 py-1.5 text-xs shadow-xl", className)}>
        {nested ? null : heading}
        <div className="grid gap-1.5">
          {payload.map((item, index) => {
            const key = `${nameKey || item.name || item.dataKey || "value"}`;
            const itemConfig = configFor(config, item, key);
            const indicatorColour = color || item.payload?.fill || item.color;
            return (
              <div
                key={item.dataKey ?? index}
                className={cn("flex w-full flex-wrap items-stretch gap-2 [&>svg]:h-2.5 [&>svg]:w-2.5 [&>svg]:text-muted-foreground", indicator === "dot" && "items-center")}
              >
                {formatter && item.value !== undefined && item.name ? (
                  formatter(item.value, item.name, item, index, item.payload)
                ) : (
                  <>
                    {itemConfig?.icon ? (
                      <itemConfig.icon />
                    ) : (
                      !hideIndicator && (
                        <div
                          className={cn("shrink-0 rounded-[2px] border-[--color-border] bg-[--color-bg]", {
                            "h-2.5 w-2.5": indicator === "dot",
                            "w-1": indicator === "line",
                            "w-0 border-[1.5px] border-dashed bg-transparent": indicator === "dashed",
                            "my-0.5": nested && indicator === "dashed",
                          })}
                          style={{ "--color-bg": indicatorColour, "--color-border": indicatorColour }}
                        />
                      )
                    )}
                    <div className={cn("flex flex-1 justify-between leading-none", nested ? "items-end" : "items-center")}>
                      <div className="grid gap-1.5">
                        {nested ? heading : null}
                        <span className="text-muted-foreground">{itemConfig?.label || item.name}</span>
                      </div>
                      {item.value !== undefined && item.value !== null && (
                        <span className="font-mono font-medium tabular-nums text-foreground">
                          {typeof item.value === "number" ? item.value.toLocaleString() : String(item.value)}
                        </span>
                      )}
                    </div>
                  </>
                )}
              </div>
            );
          })}
        </div>
      </div>
    );
  },
);
ChartTooltipContent.displayName = "ChartTooltipContent";

export const ChartLegendContent = React.forwardRef(({ className, hideIcon = false, payload, verticalAlign = "bottom", nameKey }, ref) => {
  const { config } = useChart();
  if (!payload?.length) return null;
  return (
    <div ref={ref} className={cn("flex items-center justify-center gap-4", verticalAlign === "top" ? "pb-3" : "pt-3", className)}>
      {payload.map((item) => {
        const itemConfig = configFor(config, item, `${nameKey || item.dataKey || "value"}`);
        return (
          <div key={item.value} className="flex items-center gap-1.5 [&>svg]:h-3 [&>svg]:w-3 [&>svg]:text-muted-foreground">
            {itemConfig?.icon && !hideIcon ? (
              <itemConfig.icon />
            ) : (
              <div className="h-2 w-2 shrink-0 rounded-[2px]" style={{ backgroundColor: item.color }} />
            )}
            {itemConfig?.label}
          </div>
        );
      })}
    </div>
  );
});
ChartLegendContent.displayName = "ChartLegendContent";
