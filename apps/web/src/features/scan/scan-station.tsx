import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ActionIcon, Alert, Button, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { ApiError } from '@verzendhuis/contract/client';
import type { Order } from '@verzendhuis/contract/order';
import { adjust, applyScan, hasBarcode, isComplete, reconcile, scannedOf, totals, type ScanItem, type ScanProgress } from '@verzendhuis/domain/scan';
import { scanTexts as texts } from '@verzendhuis/domain/scan-texts';
import { useApiClient } from '../../app/api/use-api-client';
import { handleUnexpectedError } from '../../app/errors/handle-unexpected-error';
import { paths } from '../../app/paths';
import { useOrder } from '../order-form/use-order';
import { useCreateLabels } from '../labels/use-create-labels';
import { showSuccessToast } from '../../ui/toasts';
import { playScanSound, type ScanSound } from './scan-sound';
import { scanProgressStore } from './scan-progress-store';

type ResultKind = keyof typeof texts.results;

interface ScanResult {
  kind: ResultKind;
  detail: string;
  /** Counts up, so that the same result twice is announced twice. */
  serial: number;
}

/** Colour per result, always beside its text (never colour alone). */
const colorOf: Record<ResultKind, string> = {
  // Dark shades: white text on them keeps a contrast of 4.5:1 or more (WCAG AA).
  scanned: '#1b6b30',
  done: '#0b6b50',
  opened: '#1a4f8a',
  alreadyComplete: '#a84300',
  notInOrder: '#b3261e',
  unknownOrder: '#b3261e',
};

const soundOf: Record<ResultKind, ScanSound> = {
  scanned: 'ok',
  opened: 'ok',
  done: 'done',
  alreadyComplete: 'wrong',
  notInOrder: 'wrong',
  unknownOrder: 'wrong',
};

const isUnknown = (error: unknown) => error instanceof ApiError && error.status === 404;

function scanItems(order: Order): ScanItem[] {
  return order.order_items.map((item) => ({ id: item.id, name: item.name, quantity: item.quantity, ean_code: item.ean_code, sku: item.sku }));
}

/**
 * /scan/{id?} (docs/scan.md): one input that keeps the focus; a keyboard-wedge scanner
 * types a code and Enter. Without an order a code opens the order with that number or
 * shop reference; in an order a code ticks off one item of the line with that EAN or
 * SKU. Every result has a sound, a colour and a text. When every item is scanned the
 * label is made with the normal creation flow (its pre-checks and warnings) and printed
 * with the label settings (the chosen printer, or the PDF), and the page is ready for the
 * next order.
 */
export function ScanStation({ orderId }: { orderId: string | undefined }) {
  const client = useApiClient();
  const navigate = useNavigate();
  const order = useOrder(orderId);
  const { create, busy } = useCreateLabels();
  const input = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [result, setResult] = useState<ScanResult | null>(null);
  const [progress, setProgress] = useState<ScanProgress>({});
  const [looking, setLooking] = useState(false);
  const serial = useRef(0);

  const items = order.data ? scanItems(order.data) : [];

  // The progress of this order from the tab's storage, fitted to its lines now (it may have been edited).
  useEffect(() => {
    if (!order.data) return;
    const stored = reconcile(scanItems(order.data), scanProgressStore.get(order.data.id));
    setProgress(stored);
  }, [order.data]);

  const focusInput = useCallback(() => input.current?.focus(), []);
  useEffect(() => {
    focusInput();
  }, [focusInput, orderId, order.data]);

  // Focus that falls on nothing (a click beside the controls, the window coming back) returns to the input.
  useEffect(() => {
    const back = () => window.setTimeout(() => {
      if (document.activeElement === document.body || document.activeElement === null) focusInput();
    }, 0);
    window.addEventListener('focus', back);
    document.addEventListener('focusout', back);
    return () => {
      window.removeEventListener('focus', back);
      document.removeEventListener('focusout', back);
    };
  }, [focusInput]);

  const show = useCallback((kind: ResultKind, detail: string) => {
    serial.current += 1;
    setResult({ kind, detail, serial: serial.current });
    playScanSound(soundOf[kind]);
  }, []);

  const save = useCallback(
    (next: ScanProgress) => {
      setProgress(next);
      if (orderId) scanProgressStore.set(orderId, next);
    },
    [orderId],
  );

  const finish = useCallback(
    async (current: Order) => {
      const made = await create([current], { single: false });
      if (!made) return;
      scanProgressStore.clear(current.id);
      showSuccessToast(texts.labelMade);
      await navigate(paths.scan);
    },
    [create, navigate],
  );

  async function openOrder(scanned: string): Promise<boolean> {
    setLooking(true);
    try {
      const { data } = await client.orders.lookup(scanned);
      if (data.id === orderId) return false;
      show('opened', texts.resultDetail.opened(data.order_number ?? scanned));
      await navigate(paths.scanOrder(data.id));
      return true;
    } catch (error) {
      if (!isUnknown(error)) handleUnexpectedError(error);
      return false;
    } finally {
      setLooking(false);
    }
  }

  async function onScan(event: FormEvent) {
    event.preventDefault();
    const scanned = code.trim();
    setCode('');
    if (scanned === '' || busy || looking) return;
    if (!orderId || !order.data) {
      if (!(await openOrder(scanned))) show('unknownOrder', texts.resultDetail.code(scanned));
      return;
    }
    const outcome = applyScan(items, progress, scanned);
    if (outcome.kind === 'not-in-order') {
      // Another order's number opens that order; anything else is not in this one.
      if (!(await openOrder(scanned))) show('notInOrder', texts.resultDetail.code(scanned));
      return;
    }
    const item = items.find((i) => i.id === outcome.itemId);
    if (outcome.kind === 'already-complete') {
      show('alreadyComplete', item ? texts.resultDetail.scanned(item.name, item.quantity, item.quantity) : scanned);
      return;
    }
    save(outcome.progress);
    if (outcome.done) {
      show('done', texts.resultDetail.done);
      await finish(order.data);
    } else if (item) {
      show('scanned', texts.resultDetail.scanned(item.name, scannedOf(outcome.progress, item), item.quantity));
    }
  }

  async function manual(itemId: string, delta: 1 | -1) {
    const next = adjust(items, progress, itemId, delta);
    save(next);
    focusInput();
    if (delta === 1 && order.data && isComplete(items, next)) {
      show('done', texts.resultDetail.done);
      await finish(order.data);
    }
  }

  function reset() {
    save({});
    setResult(null);
    focusInput();
  }

  const count = totals(items, progress);
  const complete = isComplete(items, progress);

  return (
    <Stack gap="md" maw={760}>
      <Title order={1}>{texts.title}</Title>
      <form onSubmit={(event) => void onScan(event)}>
        <TextInput
          ref={input}
          label={texts.inputLabel}
          description={texts.inputDescription}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          autoComplete="off"
          autoCorrect="off"
          autoCapitalize="off"
          spellCheck={false}
          size="lg"
          data-autofocus
          rightSection={looking || busy ? <Loader size="sm" /> : null}
        />
      </form>

      <div role="status" aria-live="assertive" aria-atomic="true">
        {result ? (
          <Alert key={result.serial} color={colorOf[result.kind]} variant="filled" data-testid="scan-result" data-kind={result.kind} title={texts.results[result.kind]}>
            {result.detail}
          </Alert>
        ) : null}
      </div>

      {!orderId ? <Text>{texts.startHint}</Text> : null}
      {orderId && order.isPending ? <Loader aria-label={texts.title} /> : null}
      {orderId && order.isError ? <Alert color="red">{isUnknown(order.error) ? texts.results.unknownOrder : texts.loadFailed}</Alert> : null}

      {order.data ? (
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap">
            <Title order={2}>{order.data.order_number ? texts.orderHeading(order.data.order_number) : texts.orderWithoutNumber}</Title>
            <Text fw={600} data-testid="scan-total">
              {texts.progress(count.scanned, count.total)}
            </Text>
          </Group>
          {order.data.name ? <Text>{[order.data.name, order.data.city].filter(Boolean).join(', ')}</Text> : null}
          {order.data.shipment_ids.length > 0 ? <Alert color="yellow">{texts.hasLabel}</Alert> : null}
          {items.length === 0 ? <Text>{texts.noItems}</Text> : null}
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={texts.columns.item}>
            {items.map((item) => {
              const scanned = scannedOf(progress, item);
              const itemComplete = scanned >= item.quantity;
              return (
                <Paper component="li" key={item.id} withBorder p="sm" data-testid="scan-item" bg={itemComplete ? 'var(--mantine-color-green-light)' : undefined}>
                  <Group justify="space-between" wrap="wrap" gap="xs">
                    <Stack gap={0} style={{ minWidth: 0, flex: '1 1 12rem' }}>
                      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                        {item.name}
                      </Text>
                      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                        {hasBarcode(item) ? [item.ean_code, item.sku].filter(Boolean).join(' · ') : texts.noBarcode}
                      </Text>
                    </Stack>
                    <Group gap="xs" wrap="nowrap">
                      {!hasBarcode(item) ? (
                        <ActionIcon variant="default" size="lg" aria-label={texts.removeOne(item.name)} disabled={scanned === 0 || busy} onClick={() => void manual(item.id, -1)}>
                          −
                        </ActionIcon>
                      ) : null}
                      <Text fw={700} aria-label={`${texts.columns.scanned}: ${scanned} / ${item.quantity}`} data-testid="scan-count">
                        {scanned} / {item.quantity}
                        {itemComplete ? ' ✓' : ''}
                      </Text>
                      {!hasBarcode(item) ? (
                        <ActionIcon variant="default" size="lg" aria-label={texts.addOne(item.name)} disabled={itemComplete || busy} onClick={() => void manual(item.id, 1)}>
                          +
                        </ActionIcon>
                      ) : null}
                    </Group>
                  </Group>
                </Paper>
              );
            })}
          </Stack>
          <Group gap="sm" wrap="wrap">
            <Button onClick={() => void finish(order.data)} loading={busy} variant={complete ? 'filled' : 'default'}>
              {texts.makeLabel}
            </Button>
            <Button variant="default" onClick={reset} disabled={busy}>
              {texts.reset}
            </Button>
            <Button variant="default" onClick={() => void navigate(`${paths.order(order.data.id)}?scan=1`)}>
              {texts.edit}
            </Button>
            <Button variant="subtle" onClick={() => void navigate(paths.scan)}>
              {texts.nextOrder}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Stack>
  );
}
