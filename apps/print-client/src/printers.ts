import { spawn } from 'node:child_process';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { printClientTexts } from '@verzendhuis/domain/print-client-texts';

export type PrinterKind = 'zpl' | 'pdf';

export interface Printer {
  name: string;
  kind: PrinterKind;
}

export interface PrintJob {
  job_id: string;
  format: 'pdf' | 'zpl';
  content: Buffer;
  title: string;
}

/** Where printers come from: CUPS, the folder printer. */
export interface PrinterSource {
  list(): Promise<Printer[]>;
  /** Prints on one of its printers; throws an Error whose message says why it failed. */
  print(printer: Printer, job: PrintJob): Promise<void>;
  owns(name: string): boolean;
}

/** Runs a program with arguments (never a shell); stdin when given. */
export type RunCommand = (command: string, args: string[], stdin?: Buffer) => Promise<{ code: number; stdout: string; stderr: string }>;

/** A program that is not installed (ENOENT) rejects with an error whose `code` is 'ENOENT'. */
export const runCommand: RunCommand = (command, args, stdin) =>
  new Promise((resolve, reject) => {
    const child = spawn(command, args, { shell: false, stdio: ['pipe', 'pipe', 'pipe'], timeout: 60_000, env: { ...process.env, LC_ALL: 'C' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
    child.stdin.on('error', () => {}); // a program that exits before reading its input
    child.stdin.end(stdin ?? undefined);
  });

/** `lpstat -e`: one destination a line (printer names have no spaces in CUPS). */
export function parseLpstatDestinations(output: string): string[] {
  const names = output
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !/\s/.test(line));
  return [...new Set(names)];
}

/**
 * Which printers get raw ZPL: a name or a CUPS description that says Zebra, ZPL or raw
 * (a queue without a driver, "Local Raw Printer", whose `lpoptions -p` has no PPD).
 * Everything else gets the PDF (docs/printing.md, "Welke printer krijgt ZPL").
 */
export function kindOf(name: string, lpoptionsOutput = ''): PrinterKind {
  if (/zebra|zpl|\braw\b|_raw|raw_/i.test(name)) return 'zpl';
  const model = /printer-make-and-model=('([^']*)'|"([^"]*)"|(\S+))/.exec(lpoptionsOutput);
  const makeAndModel = model ? (model[2] ?? model[3] ?? model[4] ?? '') : '';
  if (/zebra|zpl|\braw\b/i.test(makeAndModel)) return 'zpl';
  const uri = /device-uri=(\S+)/.exec(lpoptionsOutput)?.[1] ?? '';
  return /zebra/i.test(uri) ? 'zpl' : 'pdf';
}

/** The printers of CUPS. Without CUPS (no `lpstat`, no scheduler) there are none. */
export function cupsPrinters(run: RunCommand = runCommand): PrinterSource {
  let known = new Set<string>();
  return {
    async list() {
      let names: string[];
      try {
        const result = await run('lpstat', ['-e']);
        names = result.code === 0 ? parseLpstatDestinations(result.stdout) : [];
      } catch {
        names = [];
      }
      const printers = await Promise.all(
        names.map(async (name) => {
          let options = '';
          try {
            const result = await run('lpoptions', ['-p', name]);
            if (result.code === 0) options = result.stdout;
          } catch {
            // no lpoptions: the name alone decides
          }
          return { name, kind: kindOf(name, options) };
        }),
      );
      known = new Set(names);
      return printers;
    },
    owns: (name) => known.has(name),
    async print(printer, job) {
      const args = ['-d', printer.name, '-t', job.title];
      if (job.format === 'zpl') args.push('-o', 'raw');
      args.push('--'); // the rest is files: none, so lp reads the job from stdin
      let result;
      try {
        result = await run('lp', args, job.content);
      } catch (error) {
        throw new Error((error as NodeJS.ErrnoException).code === 'ENOENT' ? 'CUPS (lp) is niet geïnstalleerd' : String((error as Error).message));
      }
      if (result.code !== 0) throw new Error(result.stderr.trim() || `lp stopte met code ${result.code}`);
    },
  };
}

/** A file name for a job: `<timestamp>-<job id>.<format>`, sortable by time. */
export function jobFileName(job: Pick<PrintJob, 'job_id' | 'format'>, now = new Date()): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const safeId = job.job_id.replace(/[^A-Za-z0-9-]/g, '_');
  return `${stamp}-${safeId}.${job.format}`;
}

/**
 * The folder printer "Map: <folder>": each job becomes one file, written under a
 * temporary name starting with a dot and renamed when complete, so a program watching
 * the folder never sees half a file.
 */
export function folderPrinter(folder: string): PrinterSource {
  const name = printClientTexts.folderPrinterName(folder);
  return {
    list: async () => [{ name, kind: 'pdf' }],
    owns: (n) => n === name,
    async print(_printer, job) {
      await mkdir(folder, { recursive: true });
      const file = path.join(folder, jobFileName(job));
      const temporary = path.join(folder, `.${path.basename(file)}.tmp`);
      await writeFile(temporary, job.content);
      await rename(temporary, file);
    },
  };
}
