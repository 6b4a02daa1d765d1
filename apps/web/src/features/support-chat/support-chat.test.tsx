import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { queryKeys } from '../../app/query-keys';
import { fakeApi } from '../../test-support/fake-api';
import { testUser } from '../../test-support/fixtures';
import { renderInApp, testConfig } from '../../test-support/render-app';
import { IntercomBoot, intercomScriptId, intercomSettings, SupportChat } from './support-chat';

afterEach(() => {
  document.getElementById(intercomScriptId)?.remove();
  delete (window as { intercomSettings?: unknown }).intercomSettings;
});

const user = { ...testUser(), intercom_hash: 'abc' };

describe('the support chat widget', () => {
  it('is absent by default: no script, no settings', async () => {
    expect(testConfig.intercom_app_id).toBeNull();
    const api = fakeApi();
    const rendered = renderInApp(<SupportChat />, { api });
    rendered.queryClient.setQueryData(queryKeys.user, user);
    await waitFor(() => expect(document.querySelector('[data-testid="test-location"]')).not.toBeNull());
    expect(document.getElementById(intercomScriptId)).toBeNull();
    expect((window as { intercomSettings?: unknown }).intercomSettings).toBeUndefined();
  });

  it('loads Intercom with the user and its intercom_hash when INTERCOM_APP_ID is set', async () => {
    renderInApp(<IntercomBoot appId="werkplek1" user={user} />, { config: { ...testConfig, intercom_app_id: 'werkplek1' } });
    await waitFor(() => expect(document.getElementById(intercomScriptId)).not.toBeNull());
    expect(document.getElementById(intercomScriptId)?.getAttribute('src')).toBe('https://widget.intercom.io/widget/werkplek1');
    expect((window as { intercomSettings?: unknown }).intercomSettings).toEqual(intercomSettings('werkplek1', user));
    expect(intercomSettings('werkplek1', user)).toMatchObject({ app_id: 'werkplek1', user_id: user.id, user_hash: 'abc' });
  });
});
