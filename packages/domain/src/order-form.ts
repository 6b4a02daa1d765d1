/** Rules of the order form that are not validation (orders spec §4 "Order form behaviour"). */

export function sumItemWeights(items: { quantity?: number | null; weight?: number | null }[]): number {
  return items.reduce((sum, item) => sum + Math.max(0, item.quantity ?? 0) * Math.max(0, item.weight ?? 0), 0);
}

/**
 * A package's weight follows the summed item weight when it was empty, zero, or
 * equal to the previous sum (so a weight the user typed is kept).
 */
export function nextPackageWeight({ current, previousSum, nextSum }: { current: number | null | undefined; previousSum: number; nextSum: number }): number {
  if (current === null || current === undefined || current === 0 || current === previousSum) return nextSum;
  return current;
}

/**
 * The letterbox rule: a letter shipment type has no signature and no insurance;
 * choosing signature resets insurance to 0.
 */
export function applyCourierFieldRules({
  fields,
  isLetter,
  changed,
}: {
  fields: Record<string, unknown>;
  isLetter: boolean;
  changed?: string;
}): Record<string, unknown> {
  const next = { ...fields };
  // Insurance may be a select (string values) or a number field: keep its kind.
  const noInsurance = typeof next.insurance === 'string' ? '0' : 0;
  if (isLetter) {
    if ('signature' in next) next.signature = false;
    if ('insurance' in next) next.insurance = noInsurance;
  } else if (changed === 'signature' && next.signature === true && 'insurance' in next) {
    next.insurance = noInsurance;
  }
  return next;
}
