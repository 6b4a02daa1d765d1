import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe';
import { baseUrl, browserForEachTest, namedViewports, screenshotPath } from './support/browser';
import { DashboardPage } from './pages/dashboard-page';
import { ImportPage } from './pages/import-page';
import { logInAsDemo } from './pages/login-page';

/**
 * The CSV import (docs/import.md): a file with good and bad rows is previewed, checked
 * (nothing stored yet), imported, and both the imported orders and the bad rows are
 * shown; at a laptop's and a phone's width, with an axe-core check of the page.
 */
const session = browserForEachTest();

/** Our template as Dutch Excel writes it: `;`, Windows-1252 (the é), CRLF; order numbers unique per run. */
function file(run: string): Buffer {
  const rows = [
    'Ordernummer;Naam;Straat;Postcode;Plaats;Land;Artikel;Aantal;Prijs per stuk;Artikelgewicht (g)',
    `CSV-${run}-1;Hélène Visser;Oudegracht 231 bis;3511 NK;Utrecht;NL;Koffiemok;2;12,95;350`,
    `CSV-${run}-1;;;;;;Theedoek;1;8,50;120`,
    `CSV-${run}-2;Jan Peeters;Kerkstraat 12-A;2000;Antwerpen;België;Schort;1;24,95;300`,
    `CSV-${run}-3;Kees de Boer;Dorpsstraat 1;1234 AB;Ergens;Atlantis;Pen;1;1,00;10`,
    `CSV-${run}-4;Els Smit;Dorpsstraat 2;1234 AB;Ergens;NL;Pen;veel;1,00;10`,
  ];
  return Buffer.from(rows.join('\r\n') + '\r\n', 'latin1');
}

describe.each(namedViewports)('CSV import on a %s', (name, viewport) => {
  it('previews a file with good and bad rows, checks it without storing, imports the good rows and lists the bad ones', async () => {
    const { page } = session;
    await page.setViewportSize(viewport);
    const run = `${name.slice(0, 1)}${Date.now().toString(36)}`;
    await logInAsDemo(page, `${baseUrl}/import`);
    const importPage = new ImportPage(page);
    await importPage.open(baseUrl);
    expect(await axeViolations(page)).toEqual([]);

    await importPage.chooseFile('bestellingen.csv', file(run));
    await importPage.fileSummary().waitFor();
    expect(await importPage.fileSummary().textContent()).toBe('bestellingen.csv: 5 regels, herkend als Verzendhuis-sjabloon.');
    await page.getByText('Tekenset Windows-1252 (Excel), scheidingsteken puntkomma.').waitFor();
    expect(await importPage.previewRows().count()).toBe(4);
    expect(await importPage.previewRows().first().textContent()).toContain('Hélène Visser');
    expect(await importPage.previewRows().first().textContent()).toContain('Oudegracht 231 bis');

    // The check: the summary and every bad row, before anything is stored.
    const check = importPage.check();
    await check.waitFor();
    expect(await importPage.count(check, 'created')).toBe('2');
    expect(await importPage.count(check, 'errors')).toBe('2');
    expect(await importPage.errorRows(check).allTextContents()).toEqual([
      expect.stringContaining('5Land'),
      expect.stringContaining('6Aantal'),
    ]);
    await page.screenshot({ path: screenshotPath(`csv-import-check-${name}.png`), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    expect(await axeViolations(page)).toEqual([]);

    const dashboard = new DashboardPage(page);
    await dashboard.open(baseUrl);
    await dashboard.search(`CSV-${run}`);
    await dashboard.waitForRows(`CSV-${run}`, 0);

    await importPage.open(baseUrl);
    await importPage.chooseFile('bestellingen.csv', file(run));
    await importPage.check().waitFor();
    await importPage.runImport();
    const result = importPage.result();
    expect(await importPage.count(result, 'created')).toBe('2');
    expect(await importPage.errorRows(result).count()).toBe(2);
    expect(await importPage.errorRows(result).first().textContent()).toContain('Regel 5, kolom "Land": "Atlantis" is geen land.');
    await page.screenshot({ path: screenshotPath(`csv-import-result-${name}.png`), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Naar het dashboard' }).click();
    await dashboard.waitUntilShown();
    await dashboard.search(`CSV-${run}`);
    await dashboard.waitForRows(`CSV-${run}`, 2);
    expect(await dashboard.row(`CSV-${run}-1`).textContent()).toContain('Hélène Visser');
  });

  it('maps the columns of an unknown layout once and then reads such files by itself', async () => {
    const { page } = session;
    await page.setViewportSize(viewport);
    const run = `${name.slice(0, 1)}${Date.now().toString(36)}`;
    // Columns of their own per run: the mapping is remembered for the demo organisation.
    const custom = [`Referentie ${run}\tKlant\tAdres\tPC\tWoonplaats`, `MAP-${run}-1\tMarieke Smit\tBiltstraat 5\t3572 AA\tUtrecht`].join('\n') + '\n';
    await logInAsDemo(page, `${baseUrl}/import`);
    const importPage = new ImportPage(page);
    await importPage.open(baseUrl);
    await importPage.chooseFile('eigen.csv', custom);
    await page.getByTestId('import-mapping').waitFor();
    expect(await importPage.fileSummary().textContent()).toBe('eigen.csv: 1 regel, indeling niet herkend.');
    await page.getByLabel(`Betekenis van kolom Referentie ${run}`).selectOption({ label: 'Ordernummer' });
    await page.getByLabel('Betekenis van kolom Klant').selectOption({ label: 'Naam' });
    await page.getByLabel('Betekenis van kolom Adres').selectOption({ label: 'Straat' });
    await page.getByLabel('Betekenis van kolom PC').selectOption({ label: 'Postcode' });
    await page.getByLabel('Betekenis van kolom Woonplaats').selectOption({ label: 'Plaats' });
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath(`csv-import-mapping-${name}.png`), fullPage: true });
    await page.getByRole('button', { name: 'Koppeling opslaan' }).click();
    await importPage.check().waitFor();
    expect(await importPage.previewRows().first().textContent()).toContain('Biltstraat 5');
    await importPage.runImport();
    expect(await importPage.count(importPage.result(), 'created')).toBe('1');

    // The next file with these columns is recognised without asking.
    await importPage.open(baseUrl);
    await importPage.chooseFile('eigen.csv', custom);
    await importPage.check().waitFor();
    expect(await importPage.fileSummary().textContent()).toBe('eigen.csv: 1 regel, herkend als Eigen indeling (gekoppelde kolommen).');
    expect(await importPage.count(importPage.check(), 'updated')).toBe('1');
  });
});
