import { GdprSettings } from '../../features/gdpr/gdpr-settings';

/** /settings/gdpr: the data export and the retention period (docs/gdpr.md). */
export function GdprPage() {
  return <GdprSettings />;
}
