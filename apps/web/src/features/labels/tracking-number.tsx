import { Anchor } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { trackingLinkTexts } from '@verzendhuis/domain/labels-texts';

const empty = '–';

/**
 * A tracking number (orders spec §2.5 "tracking number (link)", §2.7 "tracking link"): a
 * link to the carrier's own tracking page (tracking_url, which the carrier's adapter
 * fills) in a new tab, named for the carrier; plain text for a carrier without one (the
 * Testvervoerder), a dash without a number. Inline: the caller sets the text size.
 */
export function TrackingNumber({ number, url, carrier }: { number: string | null; url: string | null; carrier: string | null }) {
  if (!number) return <>{empty}</>;
  if (!url) return <span data-testid="label-tracking">{number}</span>;
  return (
    <Anchor
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      inherit
      aria-label={trackingLinkTexts.name(number, carrier)}
      data-testid="label-tracking"
      style={{ whiteSpace: 'nowrap' }}
    >
      {number} <IconExternalLink size={12} aria-hidden="true" style={{ verticalAlign: 'middle' }} />
    </Anchor>
  );
}
