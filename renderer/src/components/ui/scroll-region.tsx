import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';

/**
 * A box that scrolls sideways when what it holds is wider than the screen (a table on a phone). While
 * it scrolls it is a named region a keyboard can reach (Tab, then the arrow keys), as WCAG 2.1.1 and
 * axe's scrollable-region-focusable ask; while everything fits it is a plain box, no extra tab stop.
 */
export function ScrollRegion({ label, className, children }: { label: string; className?: string | undefined; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={box} className={className} {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}>
      {children}
    </div>
  );
}
