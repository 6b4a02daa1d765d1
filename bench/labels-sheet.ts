import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { composeLabelSheet, labelSheetChunks, type LabelFormat } from '@verzendhuis/server/documents/label-sheet';
import { drawTestLabel, testTrackingNumber, type TestLabelInput } from '@verzendhuis/server/documents/test-label';

/**
 * `labels-sheet [count=1000] [--out DIR]`: draws `count` Testvervoerder labels (one PDF
 * each, as the labels API stores them), then composes them onto A4 (four a sheet,
 * start position 2) and onto A6. Prints drawing and sheet throughput separately and
 * the sheet's size per label; the A4 sheet by the fast path for our own labels and with
 * pdf-lib parsing every file, alternating; then the A4 sheet streamed as label/pdf sends it, with the
 * memory it adds. Needs no database: pure document code.
 */

const firstNames = ['Emma', 'Daan', 'Zoë', 'Łukasz', 'Søren', 'Mila', 'Björn', 'Anaïs', 'Jürgen', 'Noor', 'Ólafur', 'Małgorzata', 'Renée', 'Thijs', 'François', 'Ines', 'Håkon', 'Saar'];
const lastNames = ['de Jong', 'Jansen', 'van den Berg', 'Weiß', 'Ørsted', 'Kowalczyk', 'Dvořák', 'Müller', 'García Núñez', 'Ångström', 'Bakker', 'Şahin', 'Nowak', 'Visser', 'Lefèvre', 'Smit'];
const places: [string, string, string, string][] = [
  ['Damrak', '1012 LG', 'Amsterdam', 'NL'],
  ['Coolsingel', '3011 AD', 'Rotterdam', 'NL'],
  ['Oudegracht', '3511 AB', 'Utrecht', 'NL'],
  ['Straße des 17. Juni', '10623', 'Berlin', 'DE'],
  ['Rue de la Loi', '1040', 'Bruxelles', 'BE'],
  ['ulica Piotrkowska', '90-001', 'Łódź', 'PL'],
  ['Strøget', '1160', 'København', 'DK'],
  ['Rue de Rivoli', '75001', 'Paris', 'FR'],
];
const companies = ['', '', '', 'Café Ærø', 'Bakkerij De Korenaar', 'Müller & Söhne GmbH', 'Żabka sp. z o.o.', ''];

/** A different, realistic address per label (the font subsets differ as they would). */
function labelInput(index: number): TestLabelInput {
  const pick = <T>(list: T[], salt: number) => list[(index * 7919 + salt * 104729) % list.length] as T;
  const [street, zipcode, city, country] = pick(places, 3);
  return {
    trackingNumber: testTrackingNumber(index + 1),
    packageNumber: 1 + (index % 2),
    packageCount: 2,
    weightGrams: 250 + ((index * 137) % 20_000),
    shipmentTypeName: index % 5 === 0 ? 'Brievenbuspakje' : 'Pakket',
    reference: `WEB-${String(100_000 + index)}`,
    sender: { name: 'Demo Webwinkel B.V.', address_1: 'Keizersgracht', housenumber: '123', zipcode: '1015 CJ', city: 'Amsterdam', country: 'NL' },
    receiver: {
      name: `${pick(firstNames, 1)} ${pick(lastNames, 2)}`,
      company_name: pick(companies, 4) || null,
      address_1: street,
      housenumber: String(1 + (index % 250)) + (index % 9 === 0 ? 'A' : ''),
      address_2: index % 11 === 0 ? '2e verdieping' : null,
      zipcode,
      city,
      country,
    },
  };
}

const rate = (count: number, ms: number) => `${Math.round(count / (ms / 1000)).toLocaleString('en-US')} labels/s`;
/** CPU time next to wall time: on a shared 2-core machine the wall clock alone misleads. */
const cpuPerLabel = (since: NodeJS.CpuUsage, count: number) => {
  const used = process.cpuUsage(since);
  return `cpu ${((used.user + used.system) / 1000 / count).toFixed(2)} ms/label`;
};
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;

export async function labelsSheet({ args }: { args: string[] }): Promise<void> {
  const outIndex = args.indexOf('--out');
  const outDir = outIndex >= 0 ? args[outIndex + 1] : undefined;
  const positional = args.filter((_, i) => outIndex < 0 || (i !== outIndex && i !== outIndex + 1));
  const count = Number(positional[0] ?? 1000);
  if (!Number.isInteger(count) || count < 1) throw new Error(`labels-sheet: count must be a whole number >= 1, got ${positional[0]}`);
  console.log(`machine: ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}`);

  // Warm-up: fonts parsed, barcode encoder and pdf-lib compiled, so the figures are steady state.
  const warm = await Promise.all([0, 1, 2, 3].map((i) => drawTestLabel(labelInput(i))));
  await composeLabelSheet({ labels: warm, format: 'a4' });

  const labels: Uint8Array[] = [];
  const drawStart = performance.now();
  const drawCpu = process.cpuUsage();
  for (let i = 0; i < count; i++) labels.push(await drawTestLabel(labelInput(i)));
  const drawMs = performance.now() - drawStart;
  const labelBytes = labels.reduce((sum, label) => sum + label.length, 0);
  console.log(`draw      ${count} labels  ${(drawMs / 1000).toFixed(2)} s  ${rate(count, drawMs)}  ${cpuPerLabel(drawCpu, count)}  ${(labelBytes / count / 1024).toFixed(1)} KB per label PDF`);

  for (const format of ['a4', 'a6'] as LabelFormat[]) {
    const start = performance.now();
    const cpu = process.cpuUsage();
    const sheet = await composeLabelSheet({ labels, format, startPosition: format === 'a4' ? 2 : 1 });
    const ms = performance.now() - start;
    console.log(
      `sheet ${format}  ${count} labels  ${(ms / 1000).toFixed(2)} s  ${rate(count, ms)}  ${cpuPerLabel(cpu, count)}  ${(sheet.length / count / 1024).toFixed(1)} KB per label (${mib(sheet.length)})  rss ${mib(process.memoryUsage().rss)}`,
    );
    if (outDir) {
      await mkdir(outDir, { recursive: true });
      await writeFile(path.join(outDir, `labels-${count}-${format}.pdf`), sheet);
    }
  }

  // The fast path for our own label files against pdf-lib parsing every file (the code
  // before), alternating in one process: on a shared machine only such pairs compare.
  for (let round = 1; round <= 3; round++) {
    for (const parseEveryFile of [true, false]) {
      const start = performance.now();
      const cpu = process.cpuUsage();
      let bytes = 0;
      for await (const chunk of labelSheetChunks({ labels, format: 'a4', startPosition: 2, parseEveryFile })) bytes += chunk.length;
      const ms = performance.now() - start;
      console.log(`sheet a4 ${parseEveryFile ? 'parsed by pdf-lib' : 'fast path       '}  round ${round}  ${(ms / 1000).toFixed(2)} s  ${rate(count, ms)}  ${cpuPerLabel(cpu, count)}  ${(bytes / count / 1024).toFixed(1)} KB per label`);
    }
  }

  // As label/pdf sends it: streamed, each piece passed on (here counted) and dropped.
  // The peak is what the sheet adds to the labels the bench holds already.
  globalThis.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  let bytes = 0;
  const start = performance.now();
  const cpu = process.cpuUsage();
  for await (const chunk of labelSheetChunks({ labels, format: 'a4', startPosition: 2 })) {
    bytes += chunk.length;
    peak = Math.max(peak, process.memoryUsage().rss);
  }
  const ms = performance.now() - start;
  console.log(
    `streamed a4  ${count} labels  ${(ms / 1000).toFixed(2)} s  ${rate(count, ms)}  ${cpuPerLabel(cpu, count)}  ${mib(bytes)}  rss ${mib(before)} before, peak ${mib(peak)} (+${mib(peak - before)})`,
  );
}
