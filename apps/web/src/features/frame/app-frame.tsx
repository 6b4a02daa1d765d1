import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { AppShell } from '@mantine/core';
import { LoadingScreen } from '../../ui/loading-screen';
import { FeedbackButton } from '../feedback/feedback-button';
import { SupportChat } from '../support-chat/support-chat';
import { TopBar } from './top-bar';

/** The frame around every logged-in screen; the top bar stays while a screen loads or fails. */
export function AppFrame() {
  return (
    <AppShell header={{ height: 60 }} padding="lg">
      <TopBar />
      <AppShell.Main>
        <Suspense fallback={<LoadingScreen inline />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
      <FeedbackButton />
      <SupportChat />
    </AppShell>
  );
}
