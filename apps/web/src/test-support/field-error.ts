/** The error text that a form's input shows (Mantine links it through aria-describedby), or null. */
export function fieldError(element: HTMLElement): string | null {
  const ids = (element.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id.endsWith('-error'));
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ') || null;
}
