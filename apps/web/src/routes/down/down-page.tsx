import { Navigate } from 'react-router';
import { IconTool } from '@tabler/icons-react';
import { maintenanceTexts } from '@verzendhuis/domain/frame-texts';
import { paths } from '../../app/paths';
import { useAppConfig } from '../../app/use-app-config';
import { FullPageMessage } from '../../ui/full-page-message';

/** /down: the maintenance page; outside maintenance it sends the user home. */
export function DownPage() {
  const config = useAppConfig();
  if (!config.maintenance) return <Navigate to={paths.home} replace />;
  return (
    <FullPageMessage
      icon={<IconTool size={40} aria-hidden />}
      title={maintenanceTexts.title}
      message={maintenanceTexts.message}
      headingTestId="maintenance-heading"
    />
  );
}
