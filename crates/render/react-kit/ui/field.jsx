// shadcn/ui's field (late 2025): a form's label, control, description and error laid out together,
// in sets with legends and groups, which v0's forms now import instead of the form component. Plug's
// own, with shadcn's exported names, props (`orientation`, a legend's `variant`, an error's
// `errors`) and data-slots; the Tailwind v4-only variants of shadcn's classes are left out.
import * as React from "react";
import { cva } from "class-variance-authority";
import { cn } from "../lib/utils.js";
import { Label } from "./label.jsx";
import { Separator } from "./separator.jsx";

export const FieldSet = ({ className, ...props }) => (
  <fieldset
    data-slot="field-set"
    className={cn("flex flex-col gap-6 has-[>[data-slot=checkbox-group]]:gap-3 has-[>[data-slot=radio-group]]:gap-3", className)}
    {...props}
  />
);

export const FieldLegend = ({ className, variant = "legend", ...props }) => (
  <legend
    data-slot="field-legend"
    data-variant={variant}
    className={cn("mb-3 font-medium data-[variant=label]:text-sm data-[variant=legend]:text-base", className)}
    {...props}
  />
);

export const FieldGroup = ({ className, ...props }) => (
  <div data-slot="field-group" className={cn("group/field-group flex w-full flex-col gap-7 [&>[data-slot=field-group]]:gap-4", className)} {...props} />
);

const fieldVariants = cva("group/field flex w-full gap-3 data-[invalid=true]:text-destructive", {
  variants: {
    orientation: {
      vertical: "flex-col [&>*]:w-full [&>.sr-only]:w-auto",
      horizontal: "flex-row items-center [&>[data-slot=field-label]]:flex-auto has-[>[data-slot=field-content]]:items-start",
      responsive: "flex-col [&>*]:w-full [&>.sr-only]:w-auto md:flex-row md:items-center md:[&>*]:w-auto md:[&>[data-slot=field-label]]:flex-auto",
    },
  },
  defaultVariants: { orientation: "vertical" },
});

export const Field = ({ className, orientation = "vertical", ...props }) => (
  <div role="group" data-slot="field" data-orientation={orientation} className={cn(fieldVariants({ orientation }), className)} {...props} />
);

export const FieldContent = ({ className, ...props }) => (
  <div data-slot="field-content" className={cn("group/field-content flex flex-1 flex-col gap-1.5 leading-snug", className)} {...props} />
);

export const FieldLabel = ({ className, ...props }) => (
  <Label
    data-slot="field-label"
    className={cn(
      "group/field-label peer/field-label flex w-fit gap-2 leading-snug group-data-[disabled=true]/field:opacity-50 has-[>[data-slot=field]]:w-full has-[>[data-slot=field]]:flex-col has-[>[data-slot=field]]:rounded-md has-[>[data-slot=field]]:border [&>[data-slot=field]]:p-4",
      className,
    )}
    {...props}
  />
);

export const FieldTitle = ({ className, ...props }) => (
  <div
    data-slot="field-label"
    className={cn("flex w-fit items-center gap-2 text-sm font-medium leading-snug group-data-[disabled=true]/field:opacity-50", className)}
    {...props}
  />
);

export const FieldDescription = ({ className, ...props }) => (
  <p
    data-slot="field-description"
    className={cn("text-sm font-normal leading-normal text-muted-foreground last:mt-0 [&>a:hover]:text-primary [&>a]:underline [&>a]:underline-offset-4", className)}
    {...props}
  />
);

export const FieldSeparator = ({ children, className, ...props }) => (
  <div data-slot="field-separator" data-content={!!children} className={cn("relative -my-2 h-5 text-sm", className)} {...props}>
    <Separator className="absolute inset-0 top-1/2" />
    {children && (
      <span className="relative mx-auto block w-fit bg-background px-2 text-muted-foreground" data-slot="field-separator-content">
        {children}
      </span>
    )}
  </div>
);

// `errors` as react-hook-form and TanStack Form give them ({ message } each); one is its message, more a list.
export const FieldError = ({ className, children, errors, ...props }) => {
  let content = children;
  if (!content && errors?.length) {
    const messages = [...new Set(errors.map((e) => e?.message).filter(Boolean))];
    content = messages.length === 1 ? messages[0] : messages.length ? (
      <ul className="ml-4 flex list-disc flex-col gap-1">{messages.map((m) => <li key={m}>{m}</li>)}</ul>
    ) : null;
  }
  if (!content) return null;
  return (
    <div role="alert" data-slot="field-error" className={cn("text-sm font-normal text-destructive", className)} {...props}>
      {content}
    </div>
  );
};
