import { useState } from 'react';
import { useAppConfig } from '../../app/use-app-config';
import { describeError } from './describe-error';
import { ErrorReportForm } from './error-report-form';

export function ErrorReportDialogContent({ error, route, onDone }: { error: unknown; route: string; onDone: () => void }) {
  const config = useAppConfig();
  const [details] = useState(() => describeError({ error, route, version: config.version }));
  return <ErrorReportForm details={details} route={route} onDone={onDone} />;
}
