import { ApiError } from '@verzendhuis/contract/client';

/** The technical details sent with an error report and shown behind "Details weergeven". */
export function describeError({ error, route, version }: { error: unknown; route: string; version: string }): string {
  const lines = [
    `Pagina: ${route}`,
    `Tijdstip: ${new Date().toISOString()}`,
    `Versie: ${version}`,
    `Browser: ${navigator.userAgent}`,
  ];
  if (error instanceof ApiError) {
    lines.push(`Serverantwoord: ${JSON.stringify(error.body)}`);
  }
  if (error instanceof Error) {
    lines.push(`Fout: ${error.name}: ${error.message}`);
    if (error.stack) lines.push('', error.stack);
  } else {
    lines.push(`Fout: ${safeStringify(error)}`);
  }
  return lines.join('\n');
}

function safeStringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
