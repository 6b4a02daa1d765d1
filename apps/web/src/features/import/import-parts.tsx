import { useRef, useState, type DragEvent } from 'react';
import type { ReactNode } from 'react';
import { Alert, Box, Button, FileButton, Group, NativeSelect, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ImportSummary } from '@verzendhuis/contract/order-import';
import { importFields, mappingIsComplete, type ColumnMapping, type CsvReading, type ImportField } from '@verzendhuis/domain/csv-import';
import { importFieldLabels, importPageTexts as texts } from '@verzendhuis/domain/import-texts';

const acceptedTypes = '.csv,.txt,.tsv,text/csv,text/plain,text/tab-separated-values';

/** Choose a file with the button (keyboard) or drop it on the area. */
export function FilePicker({ onFile, busy }: { onFile: (file: File) => void; busy: boolean }) {
  const [over, setOver] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };
  return (
    <Paper
      withBorder
      p="lg"
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      bg={over ? 'blue.0' : undefined}
      style={{ borderStyle: 'dashed' }}
      data-testid="import-drop"
    >
      <Stack align="center" gap="sm">
        <Text size="sm" c="gray.7">
          {texts.dropHint}
        </Text>
        <FileButton onChange={(file) => file && onFile(file)} accept={acceptedTypes} inputProps={{ 'aria-label': texts.fileLabel, 'data-testid': 'import-file-input' } as object}>
          {(props) => (
            <Button {...props} loading={busy} data-testid="import-choose">
              {texts.chooseFile}
            </Button>
          )}
        </FileButton>
      </Stack>
    </Paper>
  );
}

const previewSize = 10;

/** The header row of a table: one column header per title. */
function ColumnHeads({ titles }: { titles: readonly string[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {titles.map((title) => (
          <Table.Th key={title} scope="col">
            {title}
          </Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}

/**
 * A table that scrolls sideways on a narrow screen: the region is focusable and named, so
 * that a keyboard can scroll it (WCAG 2.1.1; axe's scrollable-region-focusable).
 */
function ScrollRegion({ label, minWidth, children }: { label: string; minWidth: number; children: ReactNode }) {
  return (
    <Box role="region" aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
      <Box miw={minWidth}>{children}</Box>
    </Box>
  );
}

/** The first orders as they are read: what the import will send. */
export function ImportPreview({ reading }: { reading: CsvReading }) {
  const orders = reading.orders.slice(0, previewSize);
  const c = texts.previewColumns;
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {texts.previewTitle}
      </Title>
      <ScrollRegion label={texts.previewTitle} minWidth={720}>
        <Table striped withTableBorder data-testid="import-preview">
          <Table.Caption style={{ color: 'var(--mantine-color-gray-7)' }}>{texts.previewCaption(orders.length, reading.orders.length)}</Table.Caption>
          <ColumnHeads titles={[c.line, c.order_number, c.name, c.address, c.zipcode, c.city, c.country, c.items]} />
          <Table.Tbody>
            {orders.map((order) => (
              <Table.Tr key={order.orderNumber} data-testid="import-preview-row">
                <Table.Td>{order.line}</Table.Td>
                <Table.Td>{order.orderNumber}</Table.Td>
                <Table.Td>{order.body.name ?? order.body.company_name ?? ''}</Table.Td>
                <Table.Td>{[order.body.address_1, order.body.housenumber].filter(Boolean).join(' ')}</Table.Td>
                <Table.Td>{order.body.zipcode ?? ''}</Table.Td>
                <Table.Td>{order.body.city ?? ''}</Table.Td>
                <Table.Td>{order.body.country}</Table.Td>
                <Table.Td>{order.body.order_items.map((i) => `${i.quantity}× ${i.name}`).join(', ')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollRegion>
    </Stack>
  );
}

const normal = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** A first guess of a column's field: its name is (almost) one of our field names. */
export function guessMapping(headers: readonly string[]): ColumnMapping {
  const mapping: ColumnMapping = {};
  for (const header of headers) {
    const field = importFields.find((f) => !mapping[f] && (normal(importFieldLabels[f]) === normal(header) || normal(f) === normal(header)));
    if (field) mapping[field] = header;
  }
  return mapping;
}

/** An unknown layout: the user says per column what it holds; saved, it is remembered for files with these columns. */
export function ColumnMappingStep({ headers, example, initial, onSave, saving }: { headers: string[]; example: string[]; initial: ColumnMapping; onSave: (mapping: ColumnMapping) => void; saving: boolean }) {
  const [mapping, setMapping] = useState<ColumnMapping>(initial);
  const fieldOf = (header: string) => (Object.entries(mapping).find(([, h]) => h === header)?.[0] ?? '') as ImportField | '';
  const choose = (header: string, field: ImportField | '') => {
    setMapping((current) => {
      const next: ColumnMapping = Object.fromEntries(Object.entries(current).filter(([f, h]) => h !== header && f !== field));
      if (field) next[field] = header;
      return next;
    });
  };
  const options = [{ value: '', label: texts.mappingIgnore }, ...importFields.map((f) => ({ value: f, label: importFieldLabels[f] }))];
  const complete = mappingIsComplete(mapping);
  return (
    <Stack gap="sm" data-testid="import-mapping">
      <Title order={2} size="h4">
        {texts.mappingTitle}
      </Title>
      <Text size="sm">{texts.mappingIntro}</Text>
      <ScrollRegion label={texts.mappingTitle} minWidth={0}>
        <Table withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{texts.mappingColumn}</Table.Th>
              {/* A phone shows the column and its meaning only. */}
              <Table.Th scope="col" visibleFrom="sm">
                {texts.mappingExample}
              </Table.Th>
              <Table.Th scope="col">{texts.mappingField}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {headers.map((header, i) => (
              <Table.Tr key={`${header}-${i}`}>
                <Table.Th scope="row">{header}</Table.Th>
                <Table.Td visibleFrom="sm">{example[i] ?? ''}</Table.Td>
                <Table.Td>
                  <NativeSelect aria-label={texts.mappingFieldLabel(header)} data={options} value={fieldOf(header)} onChange={(event) => choose(header, event.currentTarget.value as ImportField | '')} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollRegion>
      {complete ? null : (
        <Text size="sm" c="gray.7" id="import-mapping-needs">
          {texts.mappingNeeds}
        </Text>
      )}
      <Group>
        <Button onClick={() => onSave(mapping)} disabled={!complete} loading={saving} aria-describedby={complete ? undefined : 'import-mapping-needs'} data-testid="import-mapping-save">
          {texts.mappingSave}
        </Button>
      </Group>
    </Stack>
  );
}

/** The counts of a dry run or an import, and every problem with its line and column. */
export function ImportSummaryView({ summary, title }: { summary: ImportSummary; title: string }) {
  const headingId = useRef(`import-summary-${summary.dry_run ? 'check' : 'result'}`).current;
  const c = texts.errorColumns;
  return (
    <Stack gap="sm" aria-labelledby={headingId} role="region" data-testid={summary.dry_run ? 'import-check' : 'import-result'}>
      <Title order={2} size="h4" id={headingId}>
        {title}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
        {(
          [
            ['created', summary.created, 'green.9'],
            ['updated', summary.updated, 'blue.9'],
            ['skipped', summary.skipped, 'gray.9'],
            ['errors', summary.error_count, 'red.9'],
          ] as const
        ).map(([key, value, color]) => (
          <Paper key={key} withBorder p="xs" data-testid={`import-count-${key}`}>
            <Text size="xs" c="gray.7">
              {texts.summary[key]}
            </Text>
            <Text fw={700} size="lg" c={value > 0 ? color : undefined}>
              {value.toLocaleString('nl-NL')}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <Text size="sm">{summary.dry_run ? texts.wouldCreate(summary.created, summary.updated) : texts.didCreate(summary.created, summary.updated)}</Text>
      {summary.skipped > 0 ? <Text size="sm">{texts.skippedNote(summary.skipped)}</Text> : null}
      {summary.error_count > 0 ? (
        <Alert color="red" variant="light" title={texts.errorsTitle(summary.error_count)} data-testid="import-errors">
          <ScrollRegion label={texts.errorsTitle(summary.error_count)} minWidth={0}>
            <Table>
              <ColumnHeads titles={[c.line, c.field, c.message]} />
              <Table.Tbody>
                {summary.errors.map((error, i) => (
                  <Table.Tr key={i} data-testid="import-error-row">
                    <Table.Td>{error.line}</Table.Td>
                    <Table.Td>{error.field ?? ''}</Table.Td>
                    <Table.Td>{error.message}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollRegion>
          {summary.error_count > summary.errors.length ? <Text size="sm">{texts.errorsMore(summary.error_count - summary.errors.length)}</Text> : null}
        </Alert>
      ) : null}
    </Stack>
  );
}
