import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type RunCommand, cupsPrinters, folderPrinter, jobFileName, kindOf, parseLpstatDestinations } from './printers';

describe('lpstat -e', () => {
  it('reads one printer a line, without blanks or duplicates', () => {
    expect(parseLpstatDestinations('Zebra_GK420d\nHP_LaserJet\n\nHP_LaserJet\r\n  Brother_QL  \n')).toEqual(['Zebra_GK420d', 'HP_LaserJet', 'Brother_QL']);
  });

  it('drops lines that are no printer name (a message of lpstat)', () => {
    expect(parseLpstatDestinations('lpstat: No destinations added.\n')).toEqual([]);
  });
});

describe('which printers get raw ZPL', () => {
  it.each([
    ['Zebra_GK420d', '', 'zpl'],
    ['ZPL_Magazijn', '', 'zpl'],
    ['Labels_raw', '', 'zpl'],
    ['Magazijn', "printer-make-and-model='Zebra ZPL Label Printer' device-uri=usb://Zebra%20Technologies/ZTC%20GK420d", 'zpl'],
    ['Magazijn', "printer-make-and-model='Local Raw Printer' device-uri=socket://192.168.1.20", 'zpl'],
    ['Magazijn', 'printer-make-and-model=Generic device-uri=usb://Zebra%20Technologies/ZTC', 'zpl'],
    ['HP_LaserJet', "printer-make-and-model='HP LaserJet Pro M404, driverless' device-uri=ipp://hp.local/ipp/print", 'pdf'],
    ['Brother_QL', '', 'pdf'],
    ['Drawer', '', 'pdf'],
  ])('%s with %j is %s', (name, options, kind) => {
    expect(kindOf(name, options)).toBe(kind);
  });
});

/** A fake of the CUPS commands that records each call. */
function fakeCups(answers: Record<string, { code: number; stdout?: string; stderr?: string } | 'missing'>) {
  const calls: { command: string; args: string[]; stdin?: Buffer }[] = [];
  const run: RunCommand = async (command, args, stdin) => {
    calls.push({ command, args, stdin });
    const answer = answers[command];
    if (!answer || answer === 'missing') throw Object.assign(new Error(`spawn ${command} ENOENT`), { code: 'ENOENT' });
    return { code: answer.code, stdout: answer.stdout ?? '', stderr: answer.stderr ?? '' };
  };
  return { run, calls };
}

describe('CUPS printers', () => {
  it('lists the printers of lpstat with their kind', async () => {
    const cups = fakeCups({ lpstat: { code: 0, stdout: 'Zebra_GK420d\nHP_LaserJet\n' }, lpoptions: { code: 0, stdout: "printer-make-and-model='HP LaserJet'" } });
    expect(await cupsPrinters(cups.run).list()).toEqual([
      { name: 'Zebra_GK420d', kind: 'zpl' },
      { name: 'HP_LaserJet', kind: 'pdf' },
    ]);
    expect(cups.calls.map((c) => [c.command, ...c.args])).toContainEqual(['lpoptions', '-p', 'HP_LaserJet']);
  });

  it('has no printers without CUPS, and no error', async () => {
    expect(await cupsPrinters(fakeCups({ lpstat: 'missing' }).run).list()).toEqual([]);
    expect(await cupsPrinters(fakeCups({ lpstat: { code: 1, stderr: 'lpstat: Bad file descriptor' } }).run).list()).toEqual([]);
  });

  it('prints with lp -d as arguments, the job on stdin, -o raw for ZPL only', async () => {
    const cups = fakeCups({ lp: { code: 0, stdout: 'request id is Zebra-12' } });
    const source = cupsPrinters(cups.run);
    const content = Buffer.from('^XA^FDtest^FS^XZ');
    await source.print({ name: 'Zebra; rm -rf ~', kind: 'zpl' }, { job_id: 'a', format: 'zpl', content, title: 'Verzendhuis labels' });
    await source.print({ name: 'HP_LaserJet', kind: 'pdf' }, { job_id: 'b', format: 'pdf', content: Buffer.from('%PDF-1.7'), title: 'Verzendhuis labels' });
    expect(cups.calls[0]).toEqual({ command: 'lp', args: ['-d', 'Zebra; rm -rf ~', '-t', 'Verzendhuis labels', '-o', 'raw', '--'], stdin: content });
    expect(cups.calls[1]?.args).toEqual(['-d', 'HP_LaserJet', '-t', 'Verzendhuis labels', '--']);
  });

  it('fails with what lp said', async () => {
    const source = cupsPrinters(fakeCups({ lp: { code: 1, stderr: 'lp: The printer or class does not exist.\n' } }).run);
    await expect(source.print({ name: 'Weg', kind: 'pdf' }, { job_id: 'a', format: 'pdf', content: Buffer.from('x'), title: 't' })).rejects.toThrow('lp: The printer or class does not exist.');
  });
});

describe('the folder printer', () => {
  let folder = '';
  afterEach(async () => {
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('is called "Map: <folder>" and writes each job as exactly one file <timestamp>-<job id>.<format>', async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'print-folder-'));
    const source = folderPrinter(folder);
    const [printer] = await source.list();
    expect(printer).toEqual({ name: `Map: ${folder}`, kind: 'pdf' });
    await source.print(printer!, { job_id: '7c0e8a6e-1111-4a52-9f0f-0123456789ab', format: 'pdf', content: Buffer.from('%PDF-1.7 inhoud'), title: 't' });
    const files = await readdir(folder);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z-7c0e8a6e-1111-4a52-9f0f-0123456789ab\.pdf$/);
    expect(await readFile(path.join(folder, files[0]!), 'utf8')).toBe('%PDF-1.7 inhoud');
  });

  it('names a job file without path characters from the job id', () => {
    expect(jobFileName({ job_id: '../../etc/passwd', format: 'zpl' }, new Date('2026-11-24T10:15:30.123Z'))).toBe('2026-11-24T10-15-30-123Z-______etc_passwd.zpl');
  });
});
