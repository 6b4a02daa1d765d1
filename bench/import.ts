import { loginWithPassword } from '@verzendhuis/test-fakes/oidc-login';
import type { BenchContext } from './run';

/**
 * `import [N]`: a Shopify-like order export of N (100,000) rows, `;` separated with
 * decimal commas and CRLF (two line items per order, so N/2 orders), uploaded to
 * order/import over HTTP: first the dry run (answered in the request), then the import,
 * which above IMPORT_JOB_THRESHOLD runs as a background job whose progress is polled as
 * the dashboard does. Prints rows/s and the totals; then imports the same file again
 * (every order updated, none duplicated).
 */
export async function importBench({ baseUrl, args }: BenchContext): Promise<void> {
  const rows = Number(args[0] ?? 100_000);
  const tokens = await loginWithPassword({ baseUrl, email: 'demo@voorbeeld.nl', password: 'demo1234' });
  const headers = { authorization: `Bearer ${tokens.access_token}` };

  const header = ['Name', 'Email', 'Financial Status', 'Fulfillment Status', 'Currency', 'Shipping Method', 'Created at', 'Lineitem quantity', 'Lineitem name', 'Lineitem price', 'Lineitem sku', 'Shipping Name', 'Shipping Address1', 'Shipping Address2', 'Shipping Company', 'Shipping City', 'Shipping Zip', 'Shipping Province', 'Shipping Country', 'Shipping Phone', 'Notes'];
  const streets = ['Oudegracht 231 bis', 'Kerkstraat 12-A', 'Damrak 1', 'Lange Nieuwstraat 8', 'Herengracht 12 hs'];
  const lines = [header.join(';')];
  for (let i = 0; i < rows; i++) {
    const order = i >> 1;
    const first = i % 2 === 0;
    lines.push(
      [
        `#B${order}`, first ? `klant${order}@voorbeeld.nl` : '', first ? 'paid' : '', first ? 'unfulfilled' : '', first ? 'EUR' : '', first ? 'PostNL Pakketpost' : '',
        '2026-11-23 10:23:45 +0100', String(1 + (i % 3)), first ? 'Koffiemok' : 'Theedoek "Delfts"', first ? '12,95' : '8,50', `SKU-${i % 50}`,
        first ? 'Lotte Visser' : '', first ? streets[order % streets.length]! : '', '', '', first ? 'Utrecht' : '', first ? "'3512 PH" : '', '', first ? 'NL' : '', first ? '0612345678' : '', first && order % 10 === 0 ? '"Graag bij de buren\r\nafgeven"' : '',
      ].join(';'),
    );
  }
  const file = new TextEncoder().encode(lines.join('\r\n') + '\r\n');
  console.log(`file: ${rows.toLocaleString('en')} rows, ${Math.ceil(rows / 2).toLocaleString('en')} orders, ${(file.byteLength / 1024 / 1024).toFixed(1)} MB`);

  const upload = async (dryRun: boolean) => {
    const form = new FormData();
    form.append('file', new Blob([file], { type: 'text/csv' }), 'bench.csv');
    const response = await fetch(`${baseUrl}/api/order/import${dryRun ? '?dry_run=1' : ''}`, { method: 'POST', headers, body: form });
    if (!response.ok) throw new Error(`order/import answered ${response.status}: ${await response.text()}`);
    return ((await response.json()) as { data: { created: number; updated: number; skipped: number; error_count: number; job_id: string | null } }).data;
  };

  const run = async (label: string, dryRun: boolean) => {
    const start = performance.now();
    const answer = await upload(dryRun);
    const answered = performance.now();
    let counts = answer;
    let polls = 0;
    if (answer.job_id) {
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        polls += 1;
        const job = ((await (await fetch(`${baseUrl}/api/order/import/job/${answer.job_id}`, { headers })).json()) as { data: typeof answer & { status: string; error: unknown } }).data;
        if (job.status === 'failed') throw new Error(`import job failed: ${JSON.stringify(job.error)}`);
        if (job.status === 'done') {
          counts = job;
          break;
        }
      }
    }
    const seconds = (performance.now() - start) / 1000;
    const how = answer.job_id ? `background job, answered in ${(answered - start).toFixed(0)} ms, ${polls} polls` : 'in the request';
    console.log(
      `${label} (${how}): ${seconds.toFixed(2)} s, ${Math.round(rows / seconds).toLocaleString('en')} rows/s; created ${counts.created}, updated ${counts.updated}, skipped ${counts.skipped}, errors ${counts.error_count}`,
    );
  };

  await run('dry run', true);
  await run('import', false);
  await run('same file again', false);
}
