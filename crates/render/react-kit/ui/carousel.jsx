// shadcn/ui's carousel: Embla (embla-carousel-react) with previous/next buttons, arrow keys and
// `setApi` handing out Embla's API; `orientation` horizontal or vertical, `opts` and `plugins` Embla's.
import * as React from "react";
import useEmblaCarousel from "embla-carousel-react";
// The package itself, for a component importing "embla-carousel-react" directly (react.js, PACKAGES_IN_KIT).
export * as __embla from "embla-carousel-react";
import { cn } from "../lib/utils.js";
import { Button } from "./button.jsx";
import { glyph } from "./icons.jsx";

const ArrowLeft = glyph(<path d="M12 19l-7-7 7-7M19 12H5" />);
const ArrowRight = glyph(<path d="M5 12h14M12 5l7 7-7 7" />);

const CarouselContext = React.createContext(null);

export function useCarousel() {
  const context = React.useContext(CarouselContext);
  if (!context) throw new Error("useCarousel must be used within a <Carousel />");
  return context;
}

export const Carousel = React.forwardRef(({ orientation = "horizontal", opts, setApi, plugins, className, children, ...props }, ref) => {
  const [carouselRef, api] = useEmblaCarousel({ ...opts, axis: orientation === "horizontal" ? "x" : "y" }, plugins);
  const [canScrollPrev, setCanScrollPrev] = React.useState(false);
  const [canScrollNext, setCanScrollNext] = React.useState(false);
  const onSelect = React.useCallback((emblaApi) => {
    if (!emblaApi) return;
    setCanScrollPrev(emblaApi.canScrollPrev());
    setCanScrollNext(emblaApi.canScrollNext());
  }, []);
  const scrollPrev = React.useCallback(() => api?.scrollPrev(), [api]);
  const scrollNext = React.useCallback(() => api?.scrollNext(), [api]);
  const handleKeyDown = React.useCallback(
    (event) => {
      if (event.key === "ArrowLeft") {
        event.preventDefault();
        scrollPrev();
      } else if (event.key === "ArrowRight") {
        event.preventDefault();
        scrollNext();
      }
    },
    [scrollPrev, scrollNext],
  );
  React.useEffect(() => {
    if (api && setApi) setApi(api);
  }, [api, setApi]);
  React.useEffect(() => {
    if (!api) return undefined;
    onSelect(api);
    api.on("reInit", onSelect);
    api.on("select", onSelect);
    return () => {
      api.off("reInit", onSelect);
      api.off("select", onSelect);
    };
  }, [api, onSelect]);
  const value = { carouselRef, api, opts, orientation, scrollPrev, scrollNext, canScrollPrev, canScrollNext };
  return (
    <CarouselContext.Provider value={value}>
      <div ref={ref} onKeyDownCapture={handleKeyDown} className={cn("relative", className)} role="region" aria-roledescription="carousel" {...props}>
        {children}
      </div>
    </CarouselContext.Provider>
  );
});
Carousel.displayName = "Carousel";

export const CarouselContent = React.forwardRef(({ className, ...props }, ref) => {
  const { carouselRef, orientation } = useCarousel();
  return (
    <div ref={carouselRef} className="overflow-hidden">
      <div ref={ref} className={cn("flex", orientation === "horizontal" ? "-ml-4" : "-mt-4 flex-col", className)} {...props} />
    </div>
  );
});
CarouselContent.displayName = "CarouselContent";

export const CarouselItem = React.forwardRef(({ className, ...props }, ref) => {
  const { orientation } = useCarousel();
  return (
    <div
      ref={ref}
      role="group"
      aria-roledescription="slide"
      className={cn("min-w-0 shrink-0 grow-0 basis-full", orientation === "horizontal" ? "pl-4" : "pt-4", className)}
      {...props}
    />
  );
});
CarouselItem.displayName = "CarouselItem";

const arrow = (direction, Glyph, name) => {
  const Part = React.forwardRef(({ className, variant = "outline", size = "icon", ...props }, ref) => {
    const { orientation, scrollPrev, scrollNext, canScrollPrev, canScrollNext } = useCarousel();
    const previous = direction === "previous";
    const place = previous
      ? orientation === "horizontal" ? "-left-12 top-1/2 -translate-y-1/2" : "-top-12 left-1/2 -translate-x-1/2 rotate-90"
      : orientation === "horizontal" ? "-right-12 top-1/2 -translate-y-1/2" : "-bottom-12 left-1/2 -translate-x-1/2 rotate-90";
    return (
      <Button
        ref={ref}
        variant={variant}
        size={size}
        className={cn("absolute h-8 w-8 rounded-full", place, className)}
        disabled={previous ? !canScrollPrev : !canScrollNext}
        onClick={previous ? scrollPrev : scrollNext}
        {...props}
      >
        <Glyph className="h-4 w-4" />
        <span className="sr-only">{previous ? "Previous slide" : "Next slide"}</span>
      </Button>
    );
  });
  Part.displayName = name;
  return Part;
};
export const CarouselPrevious = arrow("previous", ArrowLeft, "CarouselPrevious");
export const CarouselNext = arrow("next", ArrowRight, "CarouselNext");
