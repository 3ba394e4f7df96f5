// shadcn/ui's calendar: react-day-picker 9's DayPicker in the kit's classes, outside days shown.
// Class names written for react-day-picker 8 (`day_selected`, `nav_button`, `head_cell`, …, as
// shadcn's calendar had until 2025) are mapped to version 9's, as are its `IconLeft`/`IconRight`.
import * as React from "react";
import { DayPicker } from "react-day-picker";
import { cn } from "../lib/utils.js";
import { buttonVariants } from "./button.jsx";
import { LeftGlyph, RightGlyph, DownGlyph, UpGlyph } from "./icons.jsx";

const V8_NAMES = {
  caption: "month_caption", caption_dropdowns: "dropdowns", nav_button_previous: "button_previous",
  nav_button_next: "button_next", table: "month_grid", head_row: "weekdays", head_cell: "weekday",
  row: "week", cell: "day", day: "day_button", day_selected: "selected", day_today: "today",
  day_outside: "outside", day_disabled: "disabled", day_range_start: "range_start",
  day_range_end: "range_end", day_range_middle: "range_middle", day_hidden: "hidden", tbody: "weeks",
};

function Chevron({ orientation, className, ...props }) {
  const Glyph = orientation === "left" ? LeftGlyph : orientation === "up" ? UpGlyph : orientation === "down" ? DownGlyph : RightGlyph;
  return <Glyph className={cn("h-4 w-4", className)} {...props} />;
}

export function Calendar({ className, classNames, showOutsideDays = true, components, ...props }) {
  const given = {};
  for (const [key, value] of Object.entries(classNames ?? {})) {
    if (key === "nav_button") continue;
    given[V8_NAMES[key] ?? key] = value;
  }
  const navButton = classNames?.nav_button;
  const { IconLeft, IconRight, ...rest } = components ?? {};
  const chevron = IconLeft || IconRight
    ? ({ orientation, ...p }) => {
        const Own = orientation === "left" ? IconLeft : orientation === "right" ? IconRight : null;
        return Own ? <Own {...p} /> : <Chevron orientation={orientation} {...p} />;
      }
    : Chevron;
  return (
    <DayPicker
      showOutsideDays={showOutsideDays}
      className={cn("p-3", className)}
      classNames={{
        months: "relative flex flex-col space-y-4 sm:flex-row sm:space-x-4 sm:space-y-0",
        month: "space-y-4",
        month_caption: "flex h-7 items-center justify-center",
        caption_label: "text-sm font-medium",
        dropdowns: "flex items-center gap-1 text-sm font-medium",
        nav: "absolute inset-x-0 top-0 flex items-center justify-between space-x-1",
        button_previous: cn(buttonVariants({ variant: "outline" }), "z-10 h-7 w-7 bg-transparent p-0 opacity-50 hover:opacity-100", navButton),
        button_next: cn(buttonVariants({ variant: "outline" }), "z-10 h-7 w-7 bg-transparent p-0 opacity-50 hover:opacity-100", navButton),
        month_grid: "w-full border-collapse space-y-1",
        weekdays: "flex",
        weekday: "w-9 rounded-md text-[0.8rem] font-normal text-muted-foreground",
        week: "mt-2 flex w-full",
        day: "relative h-9 w-9 p-0 text-center text-sm focus-within:relative focus-within:z-20 [&:has([aria-selected].day-range-end)]:rounded-r-md [&:has([aria-selected].day-outside)]:bg-accent/50 [&:has([aria-selected])]:bg-accent first:[&:has([aria-selected])]:rounded-l-md last:[&:has([aria-selected])]:rounded-r-md",
        day_button: cn(buttonVariants({ variant: "ghost" }), "h-9 w-9 p-0 font-normal aria-selected:opacity-100"),
        range_start: "day-range-start",
        range_end: "day-range-end",
        selected: "[&>button]:bg-primary [&>button]:text-primary-foreground [&>button:hover]:bg-primary [&>button:hover]:text-primary-foreground [&>button:focus]:bg-primary [&>button:focus]:text-primary-foreground",
        today: "[&>button]:bg-accent [&>button]:text-accent-foreground",
        outside: "day-outside text-muted-foreground aria-selected:bg-accent/50 aria-selected:text-muted-foreground [&>button]:text-muted-foreground",
        disabled: "text-muted-foreground opacity-50",
        range_middle: "aria-selected:bg-accent aria-selected:text-accent-foreground [&>button]:bg-transparent [&>button]:text-accent-foreground",
        hidden: "invisible",
        ...given,
      }}
      components={{ Chevron: chevron, ...rest }}
      {...props}
    />
  );
}
Calendar.displayName = "Calendar";
