import { useParams } from 'react-router';
import { PublicTracking } from '../../features/tracking-mail/public-tracking';

/** /volg/:token: the public tracking page the tracking e-mails link to (outside the login). */
export function PublicTrackingPage() {
  const { token = '' } = useParams();
  return <PublicTracking token={token} />;
}
