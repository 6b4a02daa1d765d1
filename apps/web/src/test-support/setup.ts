import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// What Mantine asks of the browser that jsdom does not have.
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  Object.assign(window, { ResizeObserver: ResizeObserverStub });
}
window.HTMLElement.prototype.scrollIntoView ??= () => undefined;
// Mantine's autosize textarea listens for fonts being loaded.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { ready: Promise.resolve(), addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}

afterEach(() => cleanup());
