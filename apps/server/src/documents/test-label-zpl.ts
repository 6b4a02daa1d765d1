import { formatLabelWeight, testLabelMatrixContent, type TestLabelAddress, type TestLabelInput } from './test-label';

/**
 * The Testvervoerder's label as ZPL II (docs/printing.md, "ZPL"), for an organisation that
 * prints on a ZPL printer: the fields of its PDF label (documents/test-label.ts) on an A6
 * label at 8 dots/mm (203 dpi: 839 x 1183 dots), with the tracking number as a Code 128
 * barcode (^BC) and the same Data Matrix (^BX) as the PDF. Text is UTF-8 (^CI28); every
 * field goes through ^FH so that a ^ or ~ in an address cannot end the field or start a
 * command.
 */
export function testLabelZpl(input: TestLabelInput): Buffer {
  const lines: string[] = ['^XA', '^CI28', '^PW839', '^LL1183', '^LH0,0'];
  const text = (x: number, y: number, size: number, value: string) => lines.push(`^FO${x},${y}^A0N,${size},${size}^FH_^FD${zplField(value)}^FS`);
  text(32, 32, 56, 'Testvervoerder');
  text(32, 96, 30, `${input.shipmentTypeName}${input.isReturn ? ' - RETOUR' : ''}`);
  text(32, 150, 26, 'Van:');
  addressLines(input.sender).forEach((line, i) => text(32, 180 + i * 30, 26, line));
  text(32, 330, 30, input.pickupPoint ? 'Aan (AFHAALPUNT):' : 'Aan:');
  const receiver = input.pickupPoint
    ? [input.receiver.name, input.pickupPoint.name, input.pickupPoint.address.street_address, `${input.pickupPoint.address.zip_code} ${input.pickupPoint.address.city}`]
    : addressLines(input.receiver);
  receiver.forEach((line, i) => text(32, 370 + i * 44, 40, line));
  text(32, 620, 30, `Pakket ${input.packageNumber}/${input.packageCount}   ${formatLabelWeight(input.weightGrams)}`);
  if (input.reference) text(32, 660, 30, `Referentie: ${input.reference}`);
  lines.push(`^FO60,720^BY3^BCN,200,Y,N,N^FH_^FD${zplField(input.trackingNumber)}^FS`);
  lines.push(`^FO600,980^BXN,6,200^FH_^FD${zplField(testLabelMatrixContent(input.trackingNumber, input.receiver.zipcode))}^FS`);
  lines.push('^XZ');
  return Buffer.from(`${lines.join('\n')}\n`, 'utf8');
}

function addressLines(address: TestLabelAddress & { address_2?: string | null }): string[] {
  const street = [address.address_1, address.housenumber, address.housenumber_addition].filter(Boolean).join(' ');
  return [address.company_name && !address.name ? address.company_name : address.name, street, address.address_2 ?? '', `${address.zipcode} ${address.city}`, address.country].filter(
    (line) => line.trim().length > 0,
  );
}

/** A field's data for ^FH_: the hex indicator itself, ^ and ~ written as _5F, _5E, _7E; line breaks as spaces. */
export function zplField(value: string): string {
  return value.replace(/[\r\n]+/g, ' ').replace(/[_^~]/g, (c) => `_${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
