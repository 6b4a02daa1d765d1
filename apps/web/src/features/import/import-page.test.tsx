import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ImportSummary } from '@verzendhuis/contract/order-import';
import { renderInApp } from '../../test-support/render-app';
import { fakeApi } from '../../test-support/fake-api';
import { ImportPage } from '../../routes/import/import-page';

const summary = (overrides: Partial<ImportSummary>): ImportSummary => ({
  created: 1,
  updated: 0,
  skipped: 0,
  errors: [],
  error_count: 0,
  rows: 2,
  orders: 2,
  layout: 'custom',
  dry_run: true,
  job_id: null,
  ...overrides,
});

const badRow = { line: 3, field: 'Land', message: 'Regel 3, kolom "Land": "Atlantis" is geen land.' };

describe('the import page', { timeout: 30_000 }, () => {
  it('maps the columns of an unknown layout once, checks the file without storing, then imports it', async () => {
    const api = fakeApi();
    let saved: unknown = null;
    api.on('GET', '/api/order/import/mapping', () => ({ data: [] }));
    api.on('PUT', '/api/order/import/mapping', (request) => {
      saved = request.body;
      return { data: request.body };
    });
    api.on('POST', '/api/order/import', (request) =>
      request.query.get('dry_run') === '1' ? { data: summary({ error_count: 1, errors: [badRow] }) } : { data: summary({ dry_run: false, error_count: 1, errors: [badRow] }) },
    );
    const user = userEvent.setup({ delay: null });
    renderInApp(<ImportPage />, { api, route: '/import' });

    const file = new File(['Referentie;Klant;Adres;Land\r\nA-1;Jan de Vries;Oudegracht 231 bis;NL\r\nA-2;Els;Dorpsstraat 1;Atlantis\r\n'], 'eigen.csv', { type: 'text/csv' });
    await user.upload(await screen.findByLabelText('CSV-bestand'), file);

    const mapping = await screen.findByTestId('import-mapping');
    expect(screen.getByTestId('import-file-summary').textContent).toBe('eigen.csv: 2 regels, indeling niet herkend.');
    expect(within(mapping).getByRole('button', { name: 'Koppeling opslaan' })).toHaveProperty('disabled', true);
    await user.selectOptions(within(mapping).getByLabelText('Betekenis van kolom Referentie'), 'Ordernummer');
    await user.selectOptions(within(mapping).getByLabelText('Betekenis van kolom Klant'), 'Naam');
    await user.selectOptions(within(mapping).getByLabelText('Betekenis van kolom Adres'), 'Straat');
    // "Land" is one of our names: guessed.
    expect(within(mapping).getByLabelText<HTMLSelectElement>('Betekenis van kolom Land').value).toBe('country');
    await user.click(within(mapping).getByRole('button', { name: 'Koppeling opslaan' }));
    await waitFor(() => expect(saved).toEqual({ headers: ['Referentie', 'Klant', 'Adres', 'Land'], mapping: { country: 'Land', order_number: 'Referentie', name: 'Klant', street: 'Adres' } }));

    // The preview as the import reads it, and the check before anything is stored.
    await waitFor(() => expect(screen.getByTestId('import-file-summary').textContent).toBe('eigen.csv: 2 regels, herkend als Eigen indeling (gekoppelde kolommen).'));
    const preview = await screen.findByTestId('import-preview');
    expect(within(preview).getAllByTestId('import-preview-row')[0]?.textContent).toContain('Oudegracht 231 bis');
    const check = await screen.findByTestId('import-check');
    expect(within(check).getByText('Controle: er is nog niets opgeslagen')).toBeTruthy();
    expect(within(check).getByTestId('import-error-row').textContent).toContain('Regel 3, kolom "Land"');
    expect(api.requestsTo('POST', '/api/order/import').map((r) => r.query.get('dry_run'))).toEqual(['1']);

    await user.click(screen.getByRole('button', { name: 'Importeren' }));
    const result = await screen.findByTestId('import-result');
    expect(within(result).getByText('1 bestelling is aangemaakt en 0 bijgewerkt.')).toBeTruthy();
    expect(within(result).getAllByTestId('import-error-row')).toHaveLength(1);
    expect(api.requestsTo('POST', '/api/order/import').map((r) => r.query.get('dry_run'))).toEqual(['1', null]);
  });

  it('says so when the file is empty or no CSV, without sending it', async () => {
    const api = fakeApi();
    api.on('GET', '/api/order/import/mapping', () => ({ data: [] }));
    // A dropped file is not filtered by the input's accept list.
    const user = userEvent.setup({ delay: null, applyAccept: false });
    renderInApp(<ImportPage />, { api, route: '/import' });
    await user.upload(await screen.findByLabelText('CSV-bestand'), new File([''], 'leeg.csv', { type: 'text/csv' }));
    expect((await screen.findByTestId('import-problem')).textContent).toBe('Het bestand is leeg: er staan geen bestellingen in.');
    await user.upload(screen.getByLabelText('CSV-bestand'), new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0])], 'lijst.xlsx'));
    await waitFor(() => expect(screen.getByTestId('import-problem').textContent).toMatch(/^Dit is geen CSV-bestand/));
    expect(api.requestsTo('POST', '/api/order/import')).toEqual([]);
  });

  it('tells that a large file is imported in the background', async () => {
    const api = fakeApi();
    api.on('GET', '/api/order/import/mapping', () => ({ data: [] }));
    api.on('POST', '/api/order/import', (request) =>
      request.query.get('dry_run') === '1' ? { data: summary({ layout: 'template', created: 3000, rows: 3000 }) } : jsonAccepted(summary({ layout: 'template', created: 0, rows: 3000, dry_run: false, job_id: '5c6b5c9e-2b7f-4a53-9d2e-0d6f7a1d2c11' })),
    );
    const user = userEvent.setup({ delay: null });
    renderInApp(<ImportPage />, { api, route: '/import' });
    await user.upload(await screen.findByLabelText('CSV-bestand'), new File(['Ordernummer;Land;Postcode;Naam\r\n1;NL;1234 AB;Jan\r\n'], 'groot.csv'));
    await user.click(await screen.findByRole('button', { name: 'Importeren' }));
    expect((await screen.findByTestId('import-background')).textContent).toBe('Het bestand met 3.000 regels wordt op de achtergrond geïmporteerd. De voortgang staat op het dashboard.');
  });

  it('waits for the remembered mappings when a file is chosen before they arrived', async () => {
    const api = fakeApi();
    let answerMappings: () => void = () => undefined;
    const remembered = new Promise<void>((resolve) => {
      answerMappings = resolve;
    });
    api.on('GET', '/api/order/import/mapping', async () => {
      await remembered;
      return { data: [{ headers: ['Referentie', 'Klant', 'Adres', 'Land'], mapping: { order_number: 'Referentie', name: 'Klant', street: 'Adres', country: 'Land' } }] };
    });
    api.on('POST', '/api/order/import', () => ({ data: summary({}) }));
    const user = userEvent.setup({ delay: null });
    renderInApp(<ImportPage />, { api, route: '/import' });

    const file = new File(['Referentie;Klant;Adres;Land\r\nA-1;Jan de Vries;Oudegracht 231 bis;NL\r\n'], 'eigen.csv', { type: 'text/csv' });
    await user.upload(await screen.findByLabelText('CSV-bestand'), file);
    answerMappings();

    await waitFor(() => expect(screen.getByTestId('import-file-summary').textContent).toBe('eigen.csv: 1 regel, herkend als Eigen indeling (gekoppelde kolommen).'));
    expect(screen.queryByTestId('import-mapping')).toBeNull();
  });
});

function jsonAccepted(data: ImportSummary): Response {
  return new Response(JSON.stringify({ data }), { status: 202, headers: { 'content-type': 'application/json' } });
}
