import { DomUtils } from 'htmlparser2';
import { isTag, isText, type AnyNode, type Element } from 'domhandler';

/** Small DOM helpers over htmlparser2's tree; the recap pages are old table markup, so only tag/class lookups are needed. */

export function isElement(node: AnyNode): node is Element {
  return isTag(node);
}

export function hasClass(element: Element, name: string): boolean {
  return (element.attribs.class ?? '').split(/\s+/).includes(name);
}

export function childElements(element: Element, tag?: string): Element[] {
  return element.children.filter(isElement).filter((child) => tag === undefined || child.name === tag);
}

/** Rows of a table, looking through an optional tbody so both markup generations read the same. */
export function tableRows(table: Element): Element[] {
  const rows: Element[] = [];
  for (const child of childElements(table)) {
    if (child.name === 'tr') rows.push(child);
    else if (child.name === 'tbody' || child.name === 'thead') rows.push(...childElements(child, 'tr'));
  }
  return rows;
}

export function rowCells(row: Element): Element[] {
  return childElements(row).filter((child) => child.name === 'td' || child.name === 'th');
}

/** Visible text with entities decoded, `<br>` read as a space and whitespace collapsed. */
export function cellText(node: AnyNode): string {
  const parts: string[] = [];
  const walk = (current: AnyNode): void => {
    if (isText(current)) parts.push(current.data);
    else if (isElement(current)) {
      if (current.name === 'br') parts.push(' ');
      if (current.name === 'script' || current.name === 'style') return;
      current.children.forEach(walk);
    }
  };
  walk(node);
  return parts
    .join('')
    .replace(/\u00a0/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export function findAll(root: AnyNode[] | AnyNode, test: (element: Element) => boolean): Element[] {
  return DomUtils.findAll(test, Array.isArray(root) ? root : [root]);
}

export function intAttribute(element: Element, name: string): number {
  const value = Number.parseInt(element.attribs[name] ?? '1', 10);
  return Number.isFinite(value) && value > 0 ? value : 1;
}

/** The nearest enclosing element with the tag, or null. */
export function ancestor(element: Element, tag: string): Element | null {
  let current = element.parent;
  while (current && isTag(current)) {
    if (current.name === tag) return current;
    current = current.parent;
  }
  return null;
}
