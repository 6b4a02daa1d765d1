import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { ApiError } from '@verzendhuis/contract/client';
import type { ImportSummary } from '@verzendhuis/contract/order-import';
import { errorMessages } from '@verzendhuis/domain/messages';
import { screenTitles } from '@verzendhuis/domain/frame-texts';
import { importLayoutNames, importPageTexts as texts } from '@verzendhuis/domain/import-texts';
import { paths } from '../../app/paths';
import { handleUnexpectedError } from '../../app/errors/handle-unexpected-error';
import { ColumnMappingStep, FilePicker, guessMapping, ImportPreview, ImportSummaryView } from '../../features/import/import-parts';
import { downloadTemplate, readChosenFile, useImportMappings, useSaveMapping, useUploadImport, withLayout, type ChosenFile } from '../../features/import/use-csv-import';

/** A refusal of the whole file (empty, no CSV, too large, unknown columns) is shown on the page; anything else goes to the one handler. */
function refusalOf(error: unknown): string | null {
  if (error instanceof ApiError && error.body.type === 'validation') return error.body.message;
  handleUnexpectedError(error);
  return null;
}

/**
 * /import: choose or drop a CSV file, see how its first orders are read and with which
 * layout (or map the columns of an unknown layout once), check it with a dry run that
 * lists every problem by line and column, then import (docs/import.md).
 */
export function ImportPage() {
  const mappings = useImportMappings();
  const saveMapping = useSaveMapping();
  const upload = useUploadImport();
  const [chosen, setChosen] = useState<ChosenFile | null>(null);
  const [reading, setReading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [check, setCheck] = useState<ImportSummary | null>(null);
  const [result, setResult] = useState<ImportSummary | null>(null);
  const [remap, setRemap] = useState(false);

  const reset = () => {
    setChosen(null);
    setCheck(null);
    setResult(null);
    setProblem(null);
    setRemap(false);
  };

  async function choose(file: File) {
    reset();
    setReading(true);
    // A file chosen before the remembered mappings arrived waits for them, so a mapped layout is still recognised.
    const known = mappings.data ?? (await mappings.refetch()).data ?? [];
    const outcome = await readChosenFile(file, known);
    setReading(false);
    if ('failure' in outcome) {
      setProblem(outcome.failure === 'empty' ? errorMessages.import_empty_file : outcome.failure === 'not_csv' ? errorMessages.import_not_csv : texts.readFailed);
      return;
    }
    setChosen(outcome.file);
  }

  const layoutKnown = Boolean(chosen?.layout) && !remap;
  // A recognised file is checked at once: the summary and its errors come before anything is stored.
  useEffect(() => {
    if (!chosen?.layout || remap) return;
    let current = true;
    upload.mutate(
      { file: chosen.file, dryRun: true },
      {
        onSuccess: (summary) => current && setCheck(summary),
        onError: (error) => current && setProblem(refusalOf(error)),
      },
    );
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per recognised file
  }, [chosen, remap]);

  const runImport = () => {
    if (!chosen) return;
    upload.mutate(
      { file: chosen.file, dryRun: false },
      { onSuccess: (summary) => setResult(summary), onError: (error) => setProblem(refusalOf(error)) },
    );
  };

  const mapColumns = (mapping: Parameters<typeof saveMapping.mutate>[0]['mapping']) => {
    if (!chosen) return;
    saveMapping.mutate(
      { headers: chosen.table.headers, mapping },
      {
        onSuccess: (saved) => {
          setRemap(false);
          setCheck(null);
          setChosen(withLayout(chosen, [saved.data, ...(mappings.data ?? [])]));
        },
        onError: (error) => setProblem(refusalOf(error)),
      },
    );
  };

  const importable = check && check.created + check.updated > 0;
  return (
    <Stack gap="lg" maw={1100}>
      <Group justify="space-between" gap="sm">
        <Title order={1}>{screenTitles.import}</Title>
        <Button variant="default" onClick={downloadTemplate} data-testid="import-template">
          {texts.downloadTemplate}
        </Button>
      </Group>
      <Text>{texts.intro}</Text>

      {result ? null : <FilePicker onFile={(file) => void choose(file)} busy={reading} />}

      {problem ? (
        <Alert color="red" variant="light" role="alert" data-testid="import-problem">
          {problem}
        </Alert>
      ) : null}

      {chosen ? (
        <Stack gap="xs" data-testid="import-file">
          <Text fw={600} data-testid="import-file-summary">
            {chosen.layout && !remap
              ? texts.fileSummary(chosen.file.name, chosen.table.rows.length, importLayoutNames[chosen.layout.kind])
              : texts.fileUnknown(chosen.file.name, chosen.table.rows.length)}
          </Text>
          <Text size="sm" c="gray.7">
            {texts.fileDetails(texts.encoding[chosen.table.encoding] ?? chosen.table.encoding, texts.separator[chosen.table.separator] ?? chosen.table.separator)}
          </Text>
          {chosen.layout?.kind === 'custom' && !remap && !result ? (
            <Group>
              <Button variant="subtle" size="compact-sm" onClick={() => setRemap(true)}>
                {texts.mappingChange}
              </Button>
            </Group>
          ) : null}
        </Stack>
      ) : null}

      {chosen && !layoutKnown && !result ? (
        <ColumnMappingStep
          headers={chosen.table.headers}
          example={chosen.table.rows[0] ?? []}
          initial={chosen.layout?.kind === 'custom' ? chosen.layout.mapping : guessMapping(chosen.table.headers)}
          onSave={mapColumns}
          saving={saveMapping.isPending}
        />
      ) : null}

      {chosen?.reading && layoutKnown && !result ? <ImportPreview reading={chosen.reading} /> : null}

      {layoutKnown && !check && !result && upload.isPending ? (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text size="sm">{texts.checking}</Text>
        </Group>
      ) : null}

      {check && !result ? (
        <Stack gap="sm">
          <ImportSummaryView summary={check} title={texts.summaryTitle} />
          {importable ? (
            <Group>
              <Button onClick={runImport} loading={upload.isPending} data-testid="import-run">
                {texts.import}
              </Button>
            </Group>
          ) : (
            <Text size="sm">{texts.nothingToImport}</Text>
          )}
        </Stack>
      ) : null}

      {result ? (
        <Stack gap="sm">
          {result.job_id ? (
            <Alert color="blue" variant="light" role="status" data-testid="import-background">
              {texts.backgroundStarted(result.rows)}
            </Alert>
          ) : (
            <ImportSummaryView summary={result} title={texts.resultTitle} />
          )}
          <Group>
            <Button component={Link} to={paths.dashboard} data-testid="import-to-dashboard">
              {texts.toDashboard}
            </Button>
            <Button variant="default" onClick={reset}>
              {texts.another}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Stack>
  );
}
