import { Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { analyticsTexts } from '@verzendhuis/domain/analytics';

export interface FigureTable {
  columns: string[];
  rows: (string | number)[][];
}

/**
 * One chart with its title; the chart itself is inert (hidden from screen readers and the
 * keyboard), and screen readers read
 * the same figures in a table (WCAG 1.1.1): `data-testid="analytics-table-{id}"`.
 */
export function ChartFigure({ id, title, chart, table, empty }: { id: string; title: string; chart: ReactNode; table: FigureTable; empty?: boolean }) {
  const titleId = useId();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId} data-testid={`analytics-figure-${id}`} style={{ minWidth: 0 }}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          {title}
        </Title>
        {empty ? (
          <Text c="dimmed">{analyticsTexts.empty}</Text>
        ) : (
          <>
            {/* inert: out of the accessibility tree and the tab order (recharts makes its svg focusable). */}
            <div inert style={{ width: '100%', minWidth: 0 }}>
              {chart}
            </div>
            <VisuallyHidden>
              <Table data-testid={`analytics-table-${id}`}>
                <caption>{analyticsTexts.tableCaption(title)}</caption>
                <Table.Thead>
                  <Table.Tr>
                    {table.columns.map((c) => (
                      <Table.Th key={c} scope="col">
                        {c}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {table.rows.map((row, i) => (
                    <Table.Tr key={i}>
                      {row.map((cell, j) => (j === 0 ? <Table.Th key={j} scope="row">{cell}</Table.Th> : <Table.Td key={j}>{cell}</Table.Td>))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </VisuallyHidden>
          </>
        )}
      </Stack>
    </Paper>
  );
}

/** A key figure: its label and value, readable as text. */
export function StatCard({ id, label, value, hint }: { id: string; label: string; value: string; hint?: string }) {
  return (
    <Paper withBorder p="md" data-testid={`analytics-stat-${id}`}>
      <Text size="sm" c="gray.7">
        {label}
      </Text>
      <Text size="xl" fw={700} data-testid={`analytics-stat-${id}-value`}>
        {value}
      </Text>
      {hint ? (
        <Text size="xs" c="gray.7">
          {hint}
        </Text>
      ) : null}
    </Paper>
  );
}
