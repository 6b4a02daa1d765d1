import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * The Debian tools the document tests use to look at a PDF as a printer and a scanner
 * would: poppler-utils (pdftoppm, pdftotext), zbar-tools (zbarimg: Code 128, QR) and
 * dmtx-utils (dmtxread: DataMatrix). .ci/run installs them; a missing one fails the
 * test with the apt command instead of skipping it silently.
 */

const run = promisify(execFile);
const packages: Record<string, string> = { pdftoppm: 'poppler-utils', pdftotext: 'poppler-utils', zbarimg: 'zbar-tools', dmtxread: 'dmtx-utils' };

export async function requireTools(...tools: (keyof typeof packages)[]): Promise<void> {
  const missing: string[] = [];
  for (const tool of tools) {
    try {
      await run('sh', ['-c', `command -v ${tool}`]);
    } catch {
      missing.push(tool);
    }
  }
  if (missing.length > 0) {
    const apt = [...new Set(missing.map((tool) => packages[tool]))].join(' ');
    throw new Error(`document tests need ${missing.join(', ')}: apt-get install -y ${apt} (as .ci/run does)`);
  }
}

/** A scratch folder for one test, removed afterwards. */
export async function withScratch<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'verzendhuis-documents-'));
  try {
    return await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Every page of `pdf` as a grey PNG at `dpi`, in page order. */
export async function renderPages(dir: string, pdf: Uint8Array, dpi: number): Promise<string[]> {
  const input = path.join(dir, `in-${Date.now()}.pdf`);
  await writeFile(input, pdf);
  const prefix = path.join(dir, 'page');
  await run('pdftoppm', ['-r', String(dpi), '-gray', '-png', input, prefix]);
  const files = (await readdir(dir)).filter((file) => file.startsWith('page') && file.endsWith('.png')).sort();
  return files.map((file) => path.join(dir, file));
}

/** Linear codes and QR codes zbarimg finds, as "CODE-128:3STEST..." lines. */
export async function zbarSymbols(png: string): Promise<string[]> {
  try {
    const { stdout } = await run('zbarimg', ['-q', png]);
    return stdout.split('\n').filter(Boolean);
  } catch (error) {
    // zbarimg exits with 4 when the image holds no symbol at all.
    if ((error as { code?: number }).code === 4) return [];
    throw error;
  }
}

/** Up to `count` DataMatrix symbols (dmtxread stops after that many, else it searches long). */
export async function dataMatrixSymbols(png: string, count = 1): Promise<string[]> {
  const { stdout } = await run('dmtxread', ['-N', String(count), '-n', png], { timeout: 60_000 });
  return stdout.split('\n').filter(Boolean);
}

/** The text a PDF reader extracts (pdftotext, UTF-8). */
export async function extractText(dir: string, pdf: Uint8Array, options: { bbox?: boolean } = {}): Promise<string> {
  const input = path.join(dir, `text-${Date.now()}.pdf`);
  await writeFile(input, pdf);
  const { stdout } = await run('pdftotext', [...(options.bbox ? ['-bbox'] : []), '-enc', 'UTF-8', input, '-']);
  return stdout;
}
