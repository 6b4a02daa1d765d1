import type { z } from 'zod';
import type { CourierMeta } from '@verzendhuis/contract/courier';

export interface CarrierAddress {
  name: string;
  company_name?: string | null;
  address_1: string;
  housenumber?: string | null;
  address_2?: string | null;
  zipcode: string;
  city: string;
  country: string;
  email?: string | null;
  phone?: string | null;
}

export interface CarrierShipmentRequest {
  /** Our reference on the label: the order number, else the label id. */
  reference: string;
  shipmentType: string;
  courierFields: Record<string, string | number | boolean | null>;
  sender: CarrierAddress;
  receiver: CarrierAddress;
  /** Grams, one entry per parcel. */
  packages: { weight: number }[];
  isReturn: boolean;
}

export interface CarrierPackageLabel {
  trackingNumber: string;
  trackingUrl: string | null;
  /** The label file as the carrier made it (PDF). */
  labelPdf: Buffer;
}

/** A carrier refused or failed; `message` is Dutch and shown to the user per order. */
export class CarrierError extends Error {
  constructor(
    readonly kind: 'refused' | 'unavailable' | 'timeout',
    message: string,
  ) {
    super(message);
    this.name = 'CarrierError';
  }
}

/**
 * One carrier class: its metadata and what it can do. Each lives in a folder
 * `carriers/<class>/` and is listed in the registry.
 */
export interface CarrierAdapter {
  meta: CourierMeta;
  /** The fields a user enters to link a contract of this carrier (courier/create). */
  settingsSchema: z.ZodType<Record<string, unknown>>;
  createShipment(request: CarrierShipmentRequest, context: { settings: Record<string, unknown>; signal: AbortSignal }): Promise<CarrierPackageLabel[]>;
}
