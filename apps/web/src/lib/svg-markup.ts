/**
 * An svg part as markup, as React writes the element (`key` is React's, not an attribute; an undefined value is left
 * out). For the parts the app writes inside an `<svg>` with `dangerouslySetInnerHTML` (the icons, lib/lucide-icon.ts;
 * the star rows, components/star-rating.tsx): Preact takes a server-drawn svg over without walking them (issue 28 §2).
 * Only for the app's own constants (path data, numbers), never anyone's input; the values are escaped all the same.
 */
export function svgPartMarkup(tag: string, attrs: Record<string, string | number | undefined>): string {
  let out = `<${tag}`;
  for (const name in attrs) {
    const value = attrs[name];
    if (name === 'key' || value === undefined) continue;
    out += ` ${name}="${String(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')}"`;
  }
  return `${out}></${tag}>`;
}
