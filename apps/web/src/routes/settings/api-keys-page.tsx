import { screenTitles } from '@verzendhuis/domain/frame-texts';
import { PlaceholderPage } from '../../ui/placeholder-page';

/** /settings/api-keys: API users. */
export function ApiKeysPage() {
  return <PlaceholderPage title={screenTitles.apiKeys} />;
}
