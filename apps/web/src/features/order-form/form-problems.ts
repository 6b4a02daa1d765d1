import type { Courier } from '@verzendhuis/contract/courier';
import { validateOrder, type CourierRules, type StatusInfo } from '@verzendhuis/domain/order-validation';
import { toNumber, type OrderFormValues } from './form-values';

export type FieldProblem = Pick<StatusInfo, 'message' | 'status'>;

export function courierRules(courier: Courier | null): CourierRules | null {
  if (!courier) return null;
  return {
    is_active: courier.is_active,
    max_packages: courier.meta.max_packages,
    shipment_types: courier.shipment_types,
    order_fields: courier.meta.order_fields,
  };
}

/**
 * The order's problems as the server will store them: the same domain rule
 * (validateOrder), run on what the form holds now.
 */
export function liveValidation(values: OrderFormValues, courier: Courier | null) {
  return validateOrder({
    order: {
      ...values,
      shipment: {
        packages: values.shipment.packages.map((p) => ({ weight: toNumber(p.weight) ?? 0 })),
        courier_fields: values.shipment.courier_fields,
      },
      order_items: values.order_items.map((item) => ({
        name: item.name,
        quantity: toNumber(item.quantity) ?? undefined,
        ean_code: item.ean_code,
      })),
    },
    courier: courierRules(courier),
  });
}

/** Problems per field path; errors before warnings, info left out. Entries without a field are kept under ''. */
export function problemsByField(statusInfo: readonly StatusInfo[]): Map<string, FieldProblem[]> {
  const byField = new Map<string, FieldProblem[]>();
  const ordered = [...statusInfo].sort((a, b) => rank(a.status) - rank(b.status));
  for (const info of ordered) {
    if (info.status !== 'error' && info.status !== 'warning') continue;
    const key = info.field ?? '';
    byField.set(key, [...(byField.get(key) ?? []), { message: info.message, status: info.status }]);
  }
  return byField;
}

function rank(status: StatusInfo['status']): number {
  return status === 'error' ? 0 : status === 'warning' ? 1 : 2;
}

/** The one message an input shows: all its problems, errors first; its level is the worst. */
export function fieldProblem(problems: readonly FieldProblem[] | undefined): FieldProblem | null {
  if (!problems?.length) return null;
  return { message: problems.map((p) => p.message).join(' '), status: problems[0]!.status };
}
