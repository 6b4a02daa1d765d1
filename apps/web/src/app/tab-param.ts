/** Narrows a route parameter to one of the tabs a screen knows. */
export function isTab<T extends Record<string, string>>(titles: T, tab: string | undefined): tab is Extract<keyof T, string> {
  return tab !== undefined && Object.prototype.hasOwnProperty.call(titles, tab);
}
