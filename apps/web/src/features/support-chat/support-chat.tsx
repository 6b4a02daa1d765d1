import { useEffect } from 'react';
import type { User } from '@verzendhuis/contract/user';
import { useAppConfig } from '../../app/use-app-config';
import { useCurrentUserQuery } from '../account/use-current-user-query';

/** The id of the widget's script element: loaded once per page. */
export const intercomScriptId = 'intercom-widget-script';

/** What Intercom's messenger is booted with: the workspace, the user and its identity-verification hash (GET user intercom_hash). */
export function intercomSettings(appId: string, user: User) {
  return {
    api_base: 'https://api-iam.intercom.io',
    app_id: appId,
    user_id: user.id,
    name: user.name,
    email: user.email,
    ...(user.intercom_hash ? { user_hash: user.intercom_hash } : {}),
    company: { company_id: user.organisation.id, name: user.organisation.name },
  };
}

type IntercomWindow = Window & { intercomSettings?: ReturnType<typeof intercomSettings>; Intercom?: (...args: unknown[]) => void };

/**
 * The support chat (Intercom), only when the server names a workspace (INTERCOM_APP_ID
 * in /api/config); absent by default: then nothing is loaded from outside.
 */
export function SupportChat() {
  const { intercom_app_id: appId } = useAppConfig();
  return appId ? <SignedInChat appId={appId} /> : null;
}

function SignedInChat({ appId }: { appId: string }) {
  const { data: user } = useCurrentUserQuery();
  return user ? <IntercomBoot appId={appId} user={user} /> : null;
}

/** Boots the messenger for this user: its settings on window, the widget's script once. */
export function IntercomBoot({ appId, user }: { appId: string; user: User }) {
  useEffect(() => {
    const w = window as IntercomWindow;
    w.intercomSettings = intercomSettings(appId, user);
    if (w.Intercom) {
      w.Intercom('boot', w.intercomSettings);
      return;
    }
    if (document.getElementById(intercomScriptId)) return;
    const script = document.createElement('script');
    script.id = intercomScriptId;
    script.async = true;
    script.src = `https://widget.intercom.io/widget/${encodeURIComponent(appId)}`;
    document.body.appendChild(script);
  }, [appId, user]);
  return null;
}
