// lucide-react's icon factory, in the app's build in place of the package's own (apps/web/lucide-icons.ts). The markup
// is the package's, to the attribute (lucide-icon.test.tsx renders both); the work per render is not. The package
// builds each icon's attributes anew on every render (entries reduced, class names split and merged, the paths'
// elements created again): on a card list that was ~5 % of the time from first paint to a live page at 4× CPU
// (issue 28 §2). Here what never changes (the class names, the view box, the parts) is built once per
// icon, and a className passed in is merged once per distinct value. The parts are written as markup inside the svg
// (no children, no non-scaling stroke): taking over a server-drawn page then leaves them as they are.
// Not carried over: LucideProvider's context (the app sets none), which the package's own Icon still reads.
import { createElement, forwardRef, type ReactNode, type Ref } from 'react';
import { svgPartMarkup } from './svg-markup';

type IconNode = [tag: string, attrs: Record<string, string | number>][];
type IconData = { name?: string; size?: number; width?: number; height?: number; node: IconNode; aliases?: string[] };
type IconProps = Record<string, unknown> & {
  color?: string;
  size?: string | number;
  width?: string | number;
  height?: string | number;
  strokeWidth?: string | number;
  absoluteStrokeWidth?: boolean;
  nonScalingStroke?: boolean;
  className?: string;
  children?: ReactNode;
};

/** The package's mergeClasses: each token once, in the order first seen. */
function mergeClasses(...classes: (string | undefined)[]): string {
  const tokens = new Set<string>();
  for (const cls of classes) {
    if (typeof cls !== 'string') continue;
    for (const token of cls.split(/\s+/)) if (token) tokens.add(token);
  }
  return [...tokens].join(' ');
}

/** The package's hasA11yProp: an aria-*, role or title given makes the icon meaningful (not aria-hidden). */
function hasA11yProp(props: Record<string, unknown>): boolean {
  for (const prop in props) {
    if ((prop.startsWith('aria-') || prop === 'role' || prop === 'title') && props[prop] != null) return true;
  }
  return false;
}

const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
const pascal = (name: string) => name.replace(/(^|-)(\w)/g, (_m, _dash, c: string) => c.toUpperCase());

export default function createLucideIcon(data: IconData | string, iconNode: IconNode = [], aliases: string[] = []) {
  const icon: IconData =
    typeof data === 'string'
      ? { name: kebab(data), size: 24, node: iconNode, ...(aliases.length > 0 ? { aliases } : {}) }
      : data;
  const iconSize = icon.size ?? icon.width ?? 24;
  const viewBox = `0 0 ${iconSize} ${icon.size ?? icon.height ?? 24}`;
  // Built on the icon's first render, not when its module loads: the icons' file holds every icon of the app (~100),
  // evaluated before a page answers its first tap, and a page draws a dozen of them (issue 28 §2).
  let built: { own: string; plain: string; paths: { __html: string }; classes: Map<string, string> } | undefined;
  const build = () => {
    const own = [
      'lucide',
      ...(icon.name ? [`lucide-${icon.name}`] : []),
      ...(icon.aliases ?? []).filter((a) => typeof a === 'string' && a.trim() !== '').map((a) => `lucide-${a}`),
    ].join(' ');
    built = {
      own,
      plain: mergeClasses(own),
      paths: { __html: icon.node.map(([tag, attrs]) => svgPartMarkup(tag, attrs)).join('') },
      classes: new Map(),
    };
    return built;
  };
  const classFor = (className: string) => {
    const { own, classes } = built ?? build();
    let merged = classes.get(className);
    if (merged === undefined) {
      merged = mergeClasses(own, className);
      classes.set(className, merged);
    }
    return merged;
  };

  // biome-ignore lint/correctness/noComponentHookFactories: a factory of icons, called once per icon at module load
  const Component = forwardRef((props: IconProps, ref: Ref<SVGSVGElement>) => {
    const {
      color,
      size,
      width,
      height,
      strokeWidth,
      absoluteStrokeWidth,
      nonScalingStroke,
      className,
      children,
      ...rest
    } = props;
    const { plain, paths } = built ?? build();
    const w = width ?? size ?? 24;
    const stroke = strokeWidth ?? 2;
    // The icon's parts as markup, not as elements (the usual case: no children, no non-scaling stroke): taking over a
    // server-drawn page, Preact then leaves the svg's children as they are instead of matching each path to an
    // element, and a page's icons are ~40 % of its elements (issue 28 §2).
    const asMarkup = !nonScalingStroke && (children == null || children === false);
    return createElement(
      'svg',
      {
        ref,
        xmlns: 'http://www.w3.org/2000/svg',
        width: w,
        height: height ?? size ?? 24,
        viewBox,
        fill: 'none',
        stroke: color || 'currentColor',
        strokeWidth: absoluteStrokeWidth ? (Number(stroke) * Number(iconSize)) / Number(w) : stroke,
        strokeLinecap: 'round',
        strokeLinejoin: 'round',
        className: className ? classFor(className) : plain,
        ...(children || hasA11yProp(rest) ? {} : { 'aria-hidden': 'true' }),
        ...rest,
        ...(asMarkup ? { dangerouslySetInnerHTML: paths } : {}),
      },
      ...(asMarkup
        ? []
        : [
            ...icon.node.map(([tag, attrs]) =>
              createElement(tag, nonScalingStroke ? { vectorEffect: 'non-scaling-stroke', ...attrs } : attrs),
            ),
            ...(Array.isArray(children) ? children : [children]),
          ]),
    );
  });
  if (icon.name) Component.displayName = pascal(icon.name);
  return Component;
}
