// The few glyphs the components draw (check, chevrons, close, dot), as plain 24x24 stroke SVGs.
import * as React from "react";

export const glyph = (children) =>
  React.forwardRef(function Glyph({ className, ...props }, ref) {
    return (
      <svg ref={ref} xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none"
        stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true"
        className={className} {...props}>
        {children}
      </svg>
    );
  });

export const CheckGlyph = glyph(<path d="M5 12.5l4.5 4.5L19 7.5" />);
export const DownGlyph = glyph(<path d="M6 9.5l6 6 6-6" />);
export const UpGlyph = glyph(<path d="M6 14.5l6-6 6 6" />);
export const RightGlyph = glyph(<path d="M9.5 6l6 6-6 6" />);
export const CloseGlyph = glyph(<path d="M6.5 6.5l11 11M17.5 6.5l-11 11" />);
export const DotGlyph = glyph(<circle cx="12" cy="12" r="4" fill="currentColor" />);
export const LeftGlyph = glyph(<path d="M14.5 6l-6 6 6 6" />);
export const MoreGlyph = glyph(<path d="M5 12h.01M12 12h.01M19 12h.01" strokeWidth="3" />);
