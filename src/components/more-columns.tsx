import { useCallback, useEffect, useState, type ReactNode } from 'react';

/** Where a sideways-scrolling box stands: columns hidden to its right or left. */
export interface HorizontalScroll {
  moreRight: boolean;
  moreLeft: boolean;
}

/**
 * Watches a box that scrolls sideways (its scroll, and its size and content through a ResizeObserver). Nothing
 * hidden until it is measured: the server's page and the first paint show no cue.
 */
function useHorizontalScroll<T extends HTMLElement>(): [(element: T | null) => void, HorizontalScroll] {
  const [element, setElement] = useState<T | null>(null);
  const [state, setState] = useState<HorizontalScroll>({ moreRight: false, moreLeft: false });
  useEffect(() => {
    if (!element) return;
    const measure = () => {
      // a pixel of slack: zoom and sub-pixel widths leave fractions
      const moreRight = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
      const moreLeft = element.scrollLeft > 1;
      setState((before) =>
        before.moreRight === moreRight && before.moreLeft === moreLeft ? before : { moreRight, moreLeft },
      );
    };
    element.addEventListener('scroll', measure, { passive: true });
    // without ResizeObserver (an old browser, a test's DOM) the cue follows the scroll alone, measured now
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    // With one, its first observation (after the frame's own layout) measures: reading the sizes here would lay the
    // page out once more inside the render that shows it, a recap's whole new table on a live release (decision 143).
    if (!observer) measure();
    observer?.observe(element);
    if (element.firstElementChild) observer?.observe(element.firstElementChild);
    return () => {
      element.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [element]);
  return [useCallback((next: T | null) => setElement(next), []), state];
}

/** The visible cue that a table has more columns than its box shows, and on which side. */
function MoreColumnsCue({ region }: { region: HorizontalScroll }) {
  if (!region.moreRight && !region.moreLeft) return null;
  const text =
    region.moreRight && region.moreLeft
      ? 'More columns on both sides: scroll sideways'
      : region.moreRight
        ? 'More columns to the right: scroll sideways'
        : 'More columns to the left: scroll back';
  return (
    <p className="mb-1 text-right text-sm text-slate-700 print:hidden dark:text-slate-300">
      {region.moreLeft ? <span aria-hidden="true">← </span> : null}
      {text}
      {region.moreRight ? <span aria-hidden="true"> →</span> : null}
    </p>
  );
}

/** How a scrolling box is named for screen readers: its own label, or the element (a table's caption) that names it. */
type RegionName = { 'aria-label': string } | { 'aria-labelledby': string };

/**
 * A table's box that scrolls sideways when the screen is narrower than the table (a recap's captions, a judge's
 * columns on a phone), with the cue above it; focusable, so a keyboard scrolls it too.
 */
export function ScrollRegion({
  children,
  className = '',
  ...name
}: { children: ReactNode; className?: string } & RegionName) {
  const [ref, region] = useHorizontalScroll<HTMLDivElement>();
  return (
    <>
      <MoreColumnsCue region={region} />
      <div ref={ref} className={`relative overflow-x-auto ${className}`} role="region" tabIndex={0} {...name}>
        {children}
      </div>
    </>
  );
}

/**
 * A landscape page's printable width in CSS pixels, the narrower of Letter and A4 less 10 mm margins (index.css's
 * `@page`): 11in - 20mm is 980 px; a little less for the page's own edges.
 */
const PRINTED_WIDTH = 960;

/**
 * Prints a wide table whole: when printing starts (`beforeprint`, or print media emulated), the table's zoom
 * (index.css: `--print-zoom`) shrinks it to the page's width, so no column (Total last) falls off the paper. Measured
 * before the print layout exists the screen's width is the wider one, so the table still fits.
 */
export function useFitWhenPrinted<T extends HTMLElement>(): (element: T | null) => void {
  const [element, setElement] = useState<T | null>(null);
  useEffect(() => {
    if (!element) return;
    const print = matchMedia('print');
    const fit = () => {
      element.style.removeProperty('--print-zoom');
      const width = element.scrollWidth;
      if (width > PRINTED_WIDTH) element.style.setProperty('--print-zoom', (PRINTED_WIDTH / width).toFixed(3));
    };
    const onMediaChange = () => {
      if (print.matches) fit();
    };
    addEventListener('beforeprint', fit);
    print.addEventListener('change', onMediaChange);
    if (print.matches) fit();
    return () => {
      removeEventListener('beforeprint', fit);
      print.removeEventListener('change', onMediaChange);
    };
  }, [element]);
  return useCallback((next: T | null) => setElement(next), []);
}
