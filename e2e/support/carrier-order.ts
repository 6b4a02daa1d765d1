import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { PDFDocument } from '@cantoo/pdf-lib';
import { expect } from 'vitest';
import { DashboardPage } from '../pages/dashboard-page';
import { LabelsTabPage } from '../pages/labels-tab-page';
import { OrderFormPage } from '../pages/order-form-page';
import { PickupPointModal } from '../pages/pickup-point-modal';

export interface CarrierOrderRecipient {
  /** The country as the form lists it; the form's default (Nederland) when left out. */
  country?: string;
  name: string;
  zipcode: string;
  housenumber: string;
  street: string;
  city: string;
  email: string;
}

/** The recipient in Utrecht that the carriers' fakes find pickup points near. */
export const utrechtRecipient: CarrierOrderRecipient = { name: 'Anna de Vries', zipcode: '3511 AB', housenumber: '12', street: 'Oudegracht', city: 'Utrecht', email: 'anna@voorbeeld.nl' };

/**
 * A carrier's order as a user makes it: the order form with the carrier and its first pickup
 * point from the form's modal (`pointCount` listed, the first named `pointName`), saved, then
 * its label made from the orders tab as one PDF page. Leaves the page on the labels tab,
 * filtered on `stamp`, with the label's row shown.
 */
export async function carrierOrderWithLabel(
  page: Page,
  options: { appUrl: string; stamp: string; orderNumber: string; courier: string; recipient: CarrierOrderRecipient; pointCount: number; pointName: string },
): Promise<LabelsTabPage> {
  const { appUrl, stamp, recipient } = options;
  const order = new OrderFormPage(page);
  await page.goto(`${appUrl}/dashboard/orders/create`);
  await order.waitUntilShown('Nieuwe zending');
  if (recipient.country) await order.chooseCountry(recipient.country);
  await order.fillRecipient({ name: recipient.name, zipcode: recipient.zipcode, housenumber: recipient.housenumber });
  await order.fill('Adres', recipient.street);
  await order.fill('Plaats', recipient.city);
  await order.fill('E-mailadres', recipient.email);
  await order.fill('Ordernummer', options.orderNumber);
  await order.chooseCourier(options.courier);
  await order.addLine({ name: 'Theedoek', quantity: 2, weight: 300, price: '7,50' });
  expect(await order.status()).toBe('Klaar om te verzenden');

  const modal = new PickupPointModal(page);
  await modal.open();
  const points = await modal.waitForPoints();
  expect(await points.count()).toBe(options.pointCount);
  expect(await points.first().textContent()).toContain(options.pointName);
  await points.first().click();
  await modal.confirm();
  expect(await modal.chosenName()).toBe(options.pointName);
  await order.save();
  await new DashboardPage(page).waitForNotice('Zending aangemaakt');

  // All made: the file comes at once, with no result dialog.
  const download = await new DashboardPage(page).createLabelsFor(appUrl, stamp, 1);
  const pdf = await PDFDocument.load(await readFile(await download.path()));
  expect(pdf.getPageCount()).toBe(1);

  const labels = new LabelsTabPage(page);
  await labels.open(appUrl, 'labels', stamp);
  await labels.waitForRows(stamp, 1);
  return labels;
}
