import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Checkbox, Group, Image, Paper, Radio, Select, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import QRCode from 'qrcode';
import { ApiError } from '@verzendhuis/contract/client';
import { returnCreateBodySchema, returnLookupBodySchema, type ReturnCreated, type ReturnLookup, type ReturnLookupBody, type ReturnPaymentStarted, type ReturnPortal } from '@verzendhuis/contract/returns';
import { formatEuroCents, returnErrorMessages, returnLimits, returnPortalTexts as texts, returnReasonLabels, returnReasons } from '@verzendhuis/domain/returns';
import { useApiClient } from '../../app/api/use-api-client';
import { FormErrorAlerts } from '../../ui/form/form-error-alerts';
import { formLevelError, showServerErrors } from '../../ui/form/server-errors';
import { useSchemaForm } from '../../ui/form/use-schema-form';

/** A refusal of the portal's API: its fields onto the form, else its Dutch message above the button. */
function showRefusal(form: Parameters<typeof showServerErrors>[0] & { setFieldError: (path: string, error: string) => void }, error: unknown) {
  if (showServerErrors(form, error)) return;
  form.setFieldError(formLevelError, error instanceof ApiError ? error.body.message : texts.unexpected);
}

/** Step 1: order number and postcode. */
export function ReturnLookupStep({ slug, onFound }: { slug: string; onFound: (proof: ReturnLookupBody, found: ReturnLookup) => void }) {
  const client = useApiClient();
  const [busy, setBusy] = useState(false);
  const form = useSchemaForm({
    schema: returnLookupBodySchema,
    initialValues: { order_number: '', postcode: '' },
    message: (issue) => (issue.path[0] === 'order_number' ? texts.orderNumber : texts.postcode) + ': ' + (issue.code === 'too_small' ? 'vul dit in.' : 'te lang.'),
  });
  const submit = form.onSubmit(async (body) => {
    setBusy(true);
    try {
      onFound(body, (await client.returnPortal.lookup(slug, body)).data);
    } catch (error) {
      showRefusal(form, error);
    } finally {
      setBusy(false);
    }
  });
  return (
    <form onSubmit={submit} noValidate data-testid="return-lookup-form">
      <Stack>
        <TextInput label={texts.orderNumber} required autoComplete="off" {...form.getInputProps('order_number')} />
        <TextInput label={texts.postcode} required autoComplete="postal-code" {...form.getInputProps('postcode')} />
        <FormErrorAlerts errors={form.errors} shown={['order_number', 'postcode']} />
        <Group>
          <Button type="submit" loading={busy}>
            {texts.lookUp}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const reasonOptions = returnReasons.map((r) => ({ value: r, label: returnReasonLabels[r] }));

/** Step 2: the items with a reason each, the courier and the payment method; then the label is made (once per key). */
export function ReturnChooseStep({
  slug,
  portal,
  proof,
  found,
  onBack,
  onCreated,
}: {
  slug: string;
  portal: ReturnPortal;
  proof: ReturnLookupBody;
  found: ReturnLookup;
  onBack: () => void;
  onCreated: (created: ReturnCreated | ReturnPaymentStarted) => void;
}) {
  const client = useApiClient();
  const [busy, setBusy] = useState(false);
  // One key per attempt: a double click or a retry after a lost answer makes one label; a refusal gets a new key.
  const key = useRef(crypto.randomUUID());
  const allowed = found.couriers.filter((c) => c.allowed);
  const form = useSchemaForm({
    schema: returnCreateBodySchema,
    initialValues: {
      selected: found.items.length === 1 ? [found.items[0]?.id ?? ''] : ([] as string[]),
      reasons: found.items.map((item) => ({ item_id: item.id, reason: '', comment: '' })),
      courier_id: allowed.length === 1 ? (allowed[0]?.id ?? '') : '',
      payment_method: portal.payment_methods.length === 1 ? (portal.payment_methods[0] ?? '') : '',
    },
    toInput: (values) => ({
      ...proof,
      items: values.reasons.filter((r) => values.selected.includes(r.item_id)).map((r) => ({ item_id: r.item_id, reason: r.reason, comment: r.comment.trim() || null })),
      courier_id: values.courier_id,
      payment_method: values.payment_method,
    }),
    message: (issue) => {
      if (issue.path[0] === 'payment_method') return texts.paymentRequired;
      if (issue.path[0] === 'courier_id') return texts.courierRequired;
      return issue.message;
    },
  });
  // consumer_paid: the button pays (the label follows the payment); at € 0,00 there is nothing to pay.
  const consumerPays = form.values.payment_method === 'consumer_paid' && portal.consumer_price_cents > 0;
  const selectedIndex = (itemId: string) => form.values.reasons.filter((r) => form.values.selected.includes(r.item_id)).findIndex((r) => r.item_id === itemId);
  const submit = form.onSubmit(async (body) => {
    setBusy(true);
    try {
      onCreated((await client.returnPortal.create(slug, body, { idempotencyKey: key.current })).data);
    } catch (error) {
      key.current = crypto.randomUUID();
      showRefusal(form, error);
    } finally {
      setBusy(false);
    }
  });
  return (
    <form onSubmit={submit} noValidate data-testid="return-choose-form">
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={2} size="h3">
            {texts.itemsTitle}
          </Title>
          <Text size="sm">{texts.itemsHint}</Text>
          <Checkbox.Group {...form.getInputProps('selected')} error={form.errors.items} aria-label={texts.itemsTitle}>
            <Stack gap="sm">
              {found.items.map((item, index) => {
                const chosen = form.values.selected.includes(item.id);
                const k = selectedIndex(item.id);
                return (
                  <Paper key={item.id} withBorder p="sm" data-testid="return-item">
                    <Stack gap="xs">
                      <Checkbox value={item.id} label={`${item.name} (${texts.quantity(item.quantity)})`} />
                      {chosen ? (
                        <>
                          <Select
                            label={`${texts.reason}: ${item.name}`}
                            required
                            data={reasonOptions}
                            allowDeselect={false}
                            {...form.getInputProps(`reasons.${index}.reason`)}
                            error={form.errors[`items.${k}.reason`]}
                          />
                          {form.values.reasons[index]?.reason === 'other' ? (
                            <Textarea
                              label={`${texts.comment}: ${item.name}`}
                              required
                              maxLength={returnLimits.commentMax}
                              autosize
                              minRows={2}
                              {...form.getInputProps(`reasons.${index}.comment`)}
                              error={form.errors[`items.${k}.comment`]}
                            />
                          ) : null}
                        </>
                      ) : null}
                    </Stack>
                  </Paper>
                );
              })}
            </Stack>
          </Checkbox.Group>
        </Stack>
        <Radio.Group label={<Title order={2} size="h3">{texts.courierTitle}</Title>} {...form.getInputProps('courier_id')}>
          <Stack gap="xs" mt="xs">
            {found.couriers.map((c) => (
              <Radio key={c.id} value={c.id} disabled={!c.allowed} label={c.label || c.service_name} description={c.allowed ? undefined : texts.courierRefused} />
            ))}
          </Stack>
        </Radio.Group>
        <Radio.Group label={<Title order={2} size="h3">{texts.paymentTitle}</Title>} {...form.getInputProps('payment_method')}>
          <Stack gap="xs" mt="xs">
            {portal.payment_methods.map((m) => (
              <Radio key={m} value={m} label={texts.paymentLabels[m]} description={m === 'consumer_paid' ? texts.consumerPrice(formatEuroCents(portal.consumer_price_cents)) : undefined} />
            ))}
          </Stack>
        </Radio.Group>
        <FormErrorAlerts errors={form.errors} shown={(path) => ['selected', 'courier_id', 'payment_method', 'items'].includes(path) || path.startsWith('items.') || path.startsWith('reasons.')} />
        {consumerPays ? (
          <Text fw={600} data-testid="return-payment-amount">
            {texts.consumerPrice(formatEuroCents(portal.consumer_price_cents))}
          </Text>
        ) : null}
        <Group>
          <Button variant="default" onClick={onBack}>
            {texts.back}
          </Button>
          <Button type="submit" loading={busy}>
            {consumerPays ? texts.pay : texts.submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Step 3: the label as PDF, its tracking number as text and QR code. */
export function ReturnDoneStep({ created, loadPdf }: { created: ReturnCreated; loadPdf: () => Promise<Blob> }) {
  const [pdfUrl, setPdfUrl] = useState<string | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let url: string | null = null;
    let live = true;
    loadPdf()
      .then((blob) => {
        url = URL.createObjectURL(blob);
        if (live) setPdfUrl(url);
      })
      .catch(() => live && setFailed(true));
    QRCode.toDataURL(created.tracking_number, { margin: 1, width: 192 })
      .then((data) => live && setQr(data))
      .catch(() => undefined);
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [loadPdf, created]);
  return (
    <Stack data-testid="return-done">
      <Title order={2} size="h3">
        {texts.doneTitle}
      </Title>
      <Text size="sm">{texts.doneHint}</Text>
      <Group>
        <Button component="a" href={pdfUrl ?? undefined} download={`retourlabel-${created.tracking_number}.pdf`} loading={!pdfUrl && !failed} disabled={!pdfUrl} data-testid="return-download">
          {texts.download}
        </Button>
      </Group>
      {failed ? <Alert color="red">{returnErrorMessages.return_label_failed}</Alert> : null}
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {texts.trackingNumber}
        </Text>
        <Text ff="monospace" size="lg" data-testid="return-tracking-number">
          {created.tracking_number}
        </Text>
      </Stack>
      {qr ? <Image src={qr} alt={texts.qrAlt(created.tracking_number)} w={192} h={192} data-testid="return-qr" /> : null}
    </Stack>
  );
}
