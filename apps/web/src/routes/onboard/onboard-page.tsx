import { Navigate, useSearchParams } from 'react-router';
import { onboardRestoreBodySchema } from '@verzendhuis/contract/shop';
import { useAuth } from '../../app/auth/use-auth';
import { paths } from '../../app/paths';
import { OnboardLogin } from '../../features/onboard/onboard-login';
import { OnboardRestore } from '../../features/onboard/onboard-restore';
import { LoadingScreen } from '../../ui/loading-screen';

/** /onboard?service=…&service_type=shop|courier: restores a shop or courier link; without login it offers login or registration. */
export function OnboardPage() {
  const { status } = useAuth();
  const [searchParams] = useSearchParams();
  if (status === 'loading' || status === 'signing-out') return <LoadingScreen />;
  if (status === 'anonymous') return <OnboardLogin />;
  // Logged in without a link to restore (e.g. right after registering): on to the app.
  if (!searchParams.has('service')) return <Navigate to={paths.dashboard} replace />;
  const parsed = onboardRestoreBodySchema.safeParse({
    service: searchParams.get('service'),
    service_type: searchParams.get('service_type') ?? 'shop',
    ...(searchParams.get('id') ? { id: searchParams.get('id') } : {}),
  });
  // A link with an unknown service type is restored as nothing: the failure page says so.
  const request = parsed.success ? parsed.data : { service: searchParams.get('service') ?? '', service_type: 'shop' as const };
  return <OnboardRestore key={searchParams.toString()} request={request} />;
}
