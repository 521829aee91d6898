import { render } from 'preact/compat';
import { afterEach } from 'vitest';

/**
 * For the `preact` project's tests: elements in the page to draw server markup into and hydrate, each emptied (its
 * components unmounted) and removed after the test. Call once per file; returns the function that makes one.
 */
export function pageContainers(): (html?: string) => HTMLElement {
  const containers: HTMLElement[] = [];
  afterEach(() => {
    for (const element of containers.splice(0)) {
      render(null, element);
      element.remove();
    }
  });
  return (html = '') => {
    const element = document.createElement('div');
    element.innerHTML = html;
    document.body.append(element);
    containers.push(element);
    return element;
  };
}
